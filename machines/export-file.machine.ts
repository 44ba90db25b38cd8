import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ExportFormat } from '../src/domain/exports';
import { exportToasts } from '../src/domain/messages/exports';
import { notProvided, type ToastParams } from './effects';

/**
 * A list screen's Export CSV / Export XLSX (issue 38 item 5: All Staff, the admin's leave list): the file
 * of the list's filters is fetched and saved, one at a time, and a toast names it or says why not.
 */

/** The list's filters as the export's query takes them (unset ones left out). */
export type ExportFilters = Record<string, string | undefined>;

export interface ExportRequest {
  format: ExportFormat;
  filters: ExportFilters;
}

export interface ExportFileContext {
  /** The format being exported, for its button's spinner; null when idle. */
  exporting: ExportFormat | null;
}

export type ExportFileEvent = { type: 'export.request' } & ExportRequest;

export const exportFileMachine = setup({
  types: { context: {} as ExportFileContext, events: {} as ExportFileEvent },
  actors: {
    /** GET /exports/<records>?format&filters, saved under the server's file name; answers that name. */
    exportFile: fromPromise<string, ExportRequest>(notProvided('export-file', 'exportFile')),
  },
  actions: {
    notify: notProvided('export-file', 'notify') as (_: unknown, params: ToastParams) => void,
  },
}).createMachine({
  id: 'exportFile',
  description: "A list's Export CSV and Export XLSX: the file of the list's filters, fetched and saved.",
  context: { exporting: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Export CSV and Export XLSX are offered.',
      on: {
        'export.request': {
          target: 'exporting',
          description: "Export: the file of the list's filters in the format chosen.",
          actions: assign({ exporting: ({ event }) => event.format }),
        },
      },
    },
    exporting: {
      description: 'The file is fetched and saved; both buttons wait.',
      tags: ['busy'],
      invoke: {
        src: 'exportFile',
        input: ({ event }) => {
          const { format, filters } = event as ExportFileEvent;
          return { format, filters };
        },
        onDone: {
          target: 'idle',
          description: 'Saved: a toast names the file.',
          actions: [
            assign({ exporting: null }),
            { type: 'notify', params: ({ event }) => exportToasts.exported(event.output) },
          ],
        },
        onError: {
          target: 'idle',
          description: 'Refused or failed: a toast says why.',
          actions: [
            assign({ exporting: null }),
            { type: 'notify', params: ({ event }) => exportToasts.exportFailed(toApiError(event.error)) },
          ],
        },
      },
    },
  },
});

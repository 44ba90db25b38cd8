import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { type ExportRequest, exportFileMachine } from '../../machines/export-file.machine';
import type { NamedFile } from '../api/submissions.api';
import { saveFile } from './download';

/** A list's export with its live effects: the file fetched as `fetchFile` asks for it, then saved. */
export function provideExportFile(
  fetchFile: (request: ExportRequest) => Promise<NamedFile>,
  notify: (toast: ToastParams) => void,
) {
  return exportFileMachine.provide({
    actors: {
      exportFile: fromPromise(async ({ input }) => {
        const { blob, fileName } = await fetchFile(input);
        saveFile(blob, fileName);
        return fileName;
      }),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

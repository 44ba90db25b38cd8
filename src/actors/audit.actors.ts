import { fromPromise } from 'xstate';
import { auditTrailMachine } from '../../machines/audit-trail.machine';
import type { ToastParams } from '../../machines/effects';
import type { AuditApi } from '../api/audit.api';
import { type AuditRow, filtersFrom } from '../domain/audit';
import { saveFile } from './download';
import { provideList } from './list.actors';

export interface AuditEffects {
  audit: AuditApi;
  notify: (toast: ToastParams) => void;
}

/** The Audit screen with its live effects: the server pages and filters the trail; the CSV is saved. */
export function provideAuditTrail({ audit, notify }: AuditEffects) {
  return auditTrailMachine.provide({
    actors: {
      trail: provideList<AuditRow>({
        fetchRows: async (query) => {
          const page = await audit.list({
            ...filtersFrom(query.filters),
            page: query.page,
            pageSize: query.pageSize,
          });
          return { rows: page.data, total: page.total };
        },
        removeRow: async () => undefined,
      }),
      exportCsv: fromPromise(async ({ input }) => {
        const { blob, fileName } = await audit.csv(input);
        saveFile(blob, fileName);
        return fileName;
      }),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
}

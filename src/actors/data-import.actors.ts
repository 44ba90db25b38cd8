import { fromPromise } from 'xstate';
import { type DataImportUpload, dataImportMachine } from '../../machines/data-import.machine';
import type { ToastParams } from '../../machines/effects';
import type { createImportsApi } from '../api/imports.api';
import { toApiError } from '../domain/api-error';
import { importToasts } from '../domain/messages/imports';
import { saveFile } from './download';

export interface DataImportEffects {
  imports: Pick<ReturnType<typeof createImportsApi>, 'template' | 'upload' | 'job' | 'invite'>;
  notify: (toast: ToastParams) => void;
}

/** /admin/import with its live effects (issue 38 item 6). */
export function provideDataImport({ imports, notify }: DataImportEffects) {
  return dataImportMachine.provide({
    actions: {
      notify: (_, toast) => notify(toast),
      downloadTemplate: (_, { kind, format }) => {
        imports.template(kind, format).then(
          ({ blob, fileName }) => saveFile(blob, fileName),
          (error: unknown) => notify(importToasts.templateFailed(toApiError(error))),
        );
      },
    },
    actors: {
      upload: fromPromise(({ input }: { input: DataImportUpload }) =>
        imports.upload(input.kind, input.file, input.dryRun),
      ),
      fetchJob: fromPromise(({ input }) => imports.job(input.jobId)),
      invite: fromPromise(({ input }) => imports.invite(input.userIds)),
    },
  });
}

export type DataImportLogic = ReturnType<typeof provideDataImport>;

import { fromPromise } from 'xstate';
import type { ToastParams } from '../../machines/effects';
import { timesheetFormMachine } from '../../machines/timesheet-form.machine';
import { type TimesheetGridPeriod, timesheetGridMachine } from '../../machines/timesheet-grid.machine';
import { type ImportRequest, timesheetImportMachine } from '../../machines/timesheet-import.machine';
import type { TimesheetsApi } from '../api/timesheets.api';
import { toApiError } from '../domain/api-error';
import { timesheetGridToasts } from '../domain/messages/timesheets';
import { timesheetBodyOf } from '../domain/timesheet-form';
import type { Timesheet, TimesheetGrid } from '../domain/timesheets';
import { saveFile } from './download';
import { provideLoad } from './load.actors';

export interface TimesheetGridEffects {
  timesheets: Pick<TimesheetsApi, 'grid' | 'save' | 'importCsv' | 'template'>;
  notify: (toast: ToastParams) => void;
}

/** /admin/timesheets with its live effects (issue 36 item 5). */
export function provideTimesheetGrid({ timesheets, notify }: TimesheetGridEffects) {
  const tell = (_: unknown, toast: ToastParams) => notify(toast);
  return timesheetGridMachine.provide({
    actions: {
      notify: tell,
      downloadTemplate: (_, { year, month }: TimesheetGridPeriod) => {
        timesheets.template(year, month).then(
          ({ blob, fileName }) => saveFile(blob, fileName),
          (error: unknown) => notify(timesheetGridToasts.templateFailed(toApiError(error))),
        );
      },
    },
    actors: {
      load: provideLoad<TimesheetGrid, TimesheetGridPeriod>(({ year, month }) =>
        timesheets.grid(year, month),
      ),
      approve: fromPromise<Timesheet, Timesheet>(({ input }) =>
        timesheets.save(input.userId, input.year, input.month, {
          days: input.days.map((day) => ({ ...day })),
        }),
      ),
      timesheetForm: timesheetFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) =>
            timesheets.save(
              input.userId,
              input.year,
              input.month,
              timesheetBodyOf(input, input.year, input.month),
            ),
          ),
        },
        actions: { notify: tell },
      }),
      timesheetImport: timesheetImportMachine.provide({
        actors: {
          upload: fromPromise(async ({ input }: { input: ImportRequest }) =>
            timesheets.importCsv(input.year, input.month, await textOf(input.file), input.dryRun),
          ),
        },
        actions: { notify: tell },
      }),
    },
  });
}

/** The file's text as UTF-8, read with FileReader (every browser has it, and so has the test DOM). */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}

export type TimesheetGridLogic = ReturnType<typeof provideTimesheetGrid>;

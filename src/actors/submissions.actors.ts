import { fromPromise } from 'xstate';
import { companyFormMachine } from '../../machines/company-form.machine';
import { companySettingsMachine } from '../../machines/company-settings.machine';
import type { ToastParams } from '../../machines/effects';
import { ir8aJobMachine } from '../../machines/ir8a-job.machine';
import { type DownloadInput, paySubmissionsMachine } from '../../machines/pay-submissions.machine';
import type { NamedFile, SubmissionsApi } from '../api/submissions.api';
import { valueDateWords } from '../domain/messages/submissions';
import { saveFile } from './download';
import { provideLoad } from './load.actors';

export interface SubmissionsEffects {
  submissions: SubmissionsApi;
  notify: (toast: ToastParams) => void;
}

/** The Company page with its live effects (issue 15). */
export function provideCompanySettings({ submissions, notify }: SubmissionsEffects) {
  return companySettingsMachine.provide({
    actions: { notify: (_, toast) => notify(toast) },
    actors: {
      company: provideLoad(() => submissions.company()),
      companyForm: companyFormMachine.provide({
        actors: {
          submit: fromPromise(({ input }) => submissions.saveCompany(input)),
        },
        actions: { notify: (_, toast) => notify(toast) },
      }),
    },
  });
}

/** Submissions with its live effects: each file fetched, then saved; the IR8A PDF through its job. */
export function providePaySubmissions({ submissions, notify }: SubmissionsEffects) {
  const save = async (file: Promise<NamedFile>) => {
    const { blob, fileName, valueDate } = await file;
    saveFile(blob, fileName);
    // The toast names the file; a bank file also says which value date it carries, and why that one.
    return valueDate ? `${fileName}: ${valueDateWords(valueDate)}` : fileName;
  };
  const download = async ({ file, year, month, bank, valueDate }: DownloadInput): Promise<string> => {
    switch (file) {
      case 'cpfSummaryPdf':
        return save(submissions.cpfSummaryPdf({ year, month }));
      case 'cpfFile':
        return save(submissions.cpfFile({ year, month }));
      case 'bankFile':
        return save(submissions.bankFile({ year, month }, bank, valueDate));
      case 'releasedBankFile':
        return save(submissions.bankFile({ year, month }, bank, valueDate, 'released'));
      case 'ir8aCsv':
        return save(submissions.ir8aCsv(year));
      case 'aisFile':
        return save(submissions.aisFile(year));
      case 'payrollMonthCsv':
        return save(submissions.payrollExport({ year, month }, 'csv'));
      case 'payrollMonthXlsx':
        return save(submissions.payrollExport({ year, month }, 'xlsx'));
      case 'payrollYearCsv':
        return save(submissions.payrollExport({ year }, 'csv'));
      case 'payrollYearXlsx':
        return save(submissions.payrollExport({ year }, 'xlsx'));
    }
  };
  // The job last started for each year in this tab, so the screen picks it up when it opens again.
  const jobKey = (year: number) => `ir8a-job-${year}`;
  return paySubmissionsMachine.provide({
    actors: {
      summary: provideLoad((period: { year: number; month: number }) => submissions.cpfSummary(period)),
      download: fromPromise(({ input }) => download(input)),
      checkAis: fromPromise(({ input }) => submissions.aisCheck(input.year)),
      ir8aJob: ir8aJobMachine.provide({
        actors: {
          recallJob: fromPromise(async ({ input }) => {
            try {
              return sessionStorage.getItem(jobKey(input.year));
            } catch {
              return null; // storage refused (a private window's policy): nothing to pick up
            }
          }),
          startJob: fromPromise(async ({ input }) => {
            const jobId = await submissions.startIr8aJob(input.year);
            sessionStorage.setItem(jobKey(input.year), jobId);
            return jobId;
          }),
          fetchProgress: fromPromise(({ input }) => submissions.documentJob(input.jobId)),
          downloadFile: fromPromise(({ input }) => save(submissions.ir8aJobFile(input.jobId, input.year))),
        },
        actions: { notify: (_, toast) => notify(toast) },
      }),
    },
    actions: {
      notify: (_, toast) => notify(toast),
    },
  });
}

export type CompanySettingsLogic = ReturnType<typeof provideCompanySettings>;
export type PaySubmissionsLogic = ReturnType<typeof providePaySubmissions>;

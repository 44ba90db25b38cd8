import type { Toast } from './toast';

/**
 * The words of the Company page and the Submissions screen (issue 15; the spec names none, so these
 * are ours, in the spec's style: a short title and the server's reason beneath it).
 */
export const submissionToasts = {
  companySaved: { type: 'success', title: 'Company details saved' } satisfies Toast,
  companyFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to save company details',
    description: error.message,
  }),
  companyLoadFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to fetch company details',
    description: error.message,
  }),
  summaryFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to fetch the CPF summary',
    description: error.message,
  }),
  downloaded: (fileName: string): Toast => ({
    type: 'success',
    title: 'File downloaded',
    description: fileName,
  }),
  downloadFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Error generating file',
    description: error.message,
  }),
  aisProblems: (check: { year: number; problems: readonly unknown[] }): Toast => ({
    type: 'error',
    title: 'AIS file not made',
    description:
      check.problems.length === 1
        ? `1 thing to fix for ${check.year} first: see the list under Files.`
        : `${check.problems.length} things to fix for ${check.year} first: see the list under Files.`,
  }),
  ir8aFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Error retrieving IR8A',
    description: error.message,
  }),
};

/** A bank file's value date as the download's toast says it (issue 32), e.g. "value date 2026-04-01, the pay date". */
export function valueDateWords({ date, source }: { date: string; source: string }): string {
  const why =
    source === 'pay-date'
      ? 'the pay date'
      : source === 'next-business-day'
        ? 'the next business day (the pay date is past or not a business day)'
        : 'as chosen';
  return `value date ${date}, ${why}`;
}

import { type CompanyBody, type CompanyPage, companyPageSchema } from '../domain/company';
import { documentJobAnswerSchema, documentJobProgressSchema } from '../domain/document-jobs';
import { type Setup, setupSchema } from '../domain/setup';
import { aisCheckSchema, cpfSummarySchema } from '../domain/submissions';
import { type ApiClient, apiClient } from './client';
import { asPdf, type Period } from './payslips.api';

/** A file the server names in its Content-Disposition header. */
export interface NamedFile {
  blob: Blob;
  fileName: string;
  /** Bank files: the value date written in the file, and whether it was chosen, the pay date or the next business day. */
  valueDate?: { date: string; source: string };
}

export const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * A file request's refusal arrives as a blob like the file would; read back as JSON, the server's
 * reason ("The company's UEN is not set ...") reaches the screen instead of a generic message.
 */
export const refusalAsJson = {
  async onResponseError({ response }: { response: { _data?: unknown } }) {
    // Duck-typed: the fetch's Blob may be of another realm than this page's (a test's DOM, say).
    const data = response._data as { text?: () => Promise<string> } | undefined;
    if (typeof data?.text === 'function') {
      try {
        response._data = JSON.parse(await data.text());
      } catch {
        // Not JSON: the generic message stands.
      }
    }
  },
};

/** The company's particulars and the month's statutory files (issue 15). */
export function createSubmissionsApi(client: ApiClient) {
  /** Fetches a file as a blob, keeping the name the server gave it. */
  async function download(path: string, query: Record<string, string | number>, fallback: string) {
    let fileName = fallback;
    let valueDate: NamedFile['valueDate'];
    const blob = await client.request<Blob>(path, {
      query,
      responseType: 'blob',
      ...refusalAsJson,
      onResponse: ({ response }) => {
        fileName = fileNameOf(response.headers.get('content-disposition'), fallback);
        // Bank files: the value date the file carries and where it came from (issue 32).
        const date = response.headers.get('x-value-date');
        const source = response.headers.get('x-value-date-source');
        if (date && source) valueDate = { date, source };
      },
    });
    return { blob, fileName, ...(valueDate ? { valueDate } : {}) } satisfies NamedFile;
  }

  return {
    /** The setup checklist's steps (issue 38), ADMIN. */
    async setup(): Promise<Setup> {
      return setupSchema.parse(await client.request('/setup'));
    },
    async company(): Promise<CompanyPage> {
      return companyPageSchema.parse(await client.request('/company'));
    },
    async saveCompany(body: CompanyBody): Promise<CompanyPage> {
      return companyPageSchema.parse(await client.request('/company', { method: 'PUT', body }));
    },
    async cpfSummary(period: Period) {
      return cpfSummarySchema.parse(await client.request('/payslips/cpf-summary', { query: period }));
    },
    cpfSummaryPdf: (period: Period) =>
      download('/payslips/cpf-summary/pdf', { ...period }, `cpf-summary-${period.year}-${period.month}.pdf`),
    cpfFile: (period: Period) => download('/payslips/cpf-file', { ...period }, 'cpf.DTL'),
    /** The month's salary file; 'released': only the payments IR21 clearance released (issue 35 item 5). */
    bankFile: (period: Period, bank: string, valueDate: string, payments?: 'released') =>
      download(
        '/payslips/bank-file',
        { ...period, bank, ...(valueDate ? { valueDate } : {}), ...(payments ? { payments } : {}) },
        `salary-${bank}.txt`,
      ),
    ir8aCsv: (year: number) => download('/payslips/ir8a', { year, format: 'csv' }, `ir8a-${year}.csv`),
    /** The year's IR8A PDF as a job (issue 33.6): the job queued, or the one already making it. */
    async startIr8aJob(year: number) {
      const answer = await client.request('/payslips/ir8a/jobs', { method: 'POST', body: { year } });
      return documentJobAnswerSchema.parse(answer).jobId;
    },
    async documentJob(jobId: string) {
      return documentJobProgressSchema.parse(await client.request(`/jobs/${encodeURIComponent(jobId)}`));
    },
    ir8aJobFile: (jobId: string, year: number) =>
      download(`/payslips/ir8a/jobs/${encodeURIComponent(jobId)}/file`, {}, `ir8a-${year}.pdf`),
    /** What would stop the year's IRAS AIS file (issue 32.13). */
    async aisCheck(year: number) {
      return aisCheckSchema.parse(await client.request('/payslips/ir8a/ais-check', { query: { year } }));
    },
    /** Processed payslips with every figure (issue 38 item 5): a month's, or with no month the year's. */
    payrollExport: (period: { year: number; month?: number }, format: 'csv' | 'xlsx') =>
      download(
        '/exports/payroll',
        { ...period, format },
        `payroll-${period.year}${period.month === undefined ? '' : `-${period.month}`}.${format}`,
      ),
    aisFile: (year: number) => download('/payslips/ir8a', { year, format: 'ais' }, `ir8a-ais-${year}.txt`),
    async userIr8aPdf(userId: number, year: number) {
      return asPdf(
        await client.request(`/users/${userId}/ir8a`, {
          query: { year },
          responseType: 'blob',
          ...refusalAsJson,
        }),
      );
    },
  };
}

export type SubmissionsApi = ReturnType<typeof createSubmissionsApi>;

export const submissionsApi = createSubmissionsApi(apiClient);

import {
  type Timesheet,
  type TimesheetBody,
  type TimesheetGrid,
  type TimesheetImportReport,
  timesheetGridSchema,
  timesheetImportReportSchema,
  timesheetSchema,
} from '../domain/timesheets';
import { type ApiClient, apiClient } from './client';
import { fileNameOf, refusalAsJson } from './submissions.api';

/** A month's hours and figures (issue 36): one person's, and the administrator's month grid. */
export function createTimesheetsApi(client: ApiClient) {
  const path = (userId: number, year: number, month: number) =>
    `/users/${userId}/timesheets/${year}/${month}`;
  return {
    async ofMonth(userId: number, year: number, month: number): Promise<Timesheet> {
      return timesheetSchema.parse(await client.request(path(userId, year, month)));
    },
    async save(userId: number, year: number, month: number, body: TimesheetBody): Promise<Timesheet> {
      return timesheetSchema.parse(await client.request(path(userId, year, month), { method: 'PUT', body }));
    },
    async grid(year: number, month: number): Promise<TimesheetGrid> {
      return timesheetGridSchema.parse(await client.request(`/timesheets/${year}/${month}`));
    },
    /** The file's text as the body (text/csv): a dry run names each bad row, the apply writes the month. */
    async importCsv(
      year: number,
      month: number,
      csv: string,
      dryRun: boolean,
    ): Promise<TimesheetImportReport> {
      return timesheetImportReportSchema.parse(
        await client.request(`/timesheets/${year}/${month}/import`, {
          method: 'POST',
          query: { dryRun: String(dryRun) },
          headers: { 'content-type': 'text/csv' },
          body: csv,
        }),
      );
    },
    async template(year: number, month: number): Promise<{ blob: Blob; fileName: string }> {
      let fileName = `timesheets-${year}-${String(month).padStart(2, '0')}.csv`;
      const blob = await client.request<Blob>(`/timesheets/${year}/${month}/import/template`, {
        responseType: 'blob',
        ...refusalAsJson,
        onResponse: ({ response }) => {
          fileName = fileNameOf(response.headers.get('content-disposition'), fileName);
        },
      });
      return { blob, fileName };
    },
  };
}
export type TimesheetsApi = ReturnType<typeof createTimesheetsApi>;

export const timesheetsApi = createTimesheetsApi(apiClient);

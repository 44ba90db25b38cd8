import {
  type Timesheet,
  type TimesheetBody,
  type TimesheetGrid,
  timesheetGridSchema,
  timesheetSchema,
} from '../domain/timesheets';
import { type ApiClient, apiClient } from './client';

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
  };
}
export type TimesheetsApi = ReturnType<typeof createTimesheetsApi>;

export const timesheetsApi = createTimesheetsApi(apiClient);

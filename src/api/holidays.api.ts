import * as z from 'zod/mini';
import {
  type PublicHoliday,
  type PublicHolidayBody,
  type PublicHolidayChange,
  publicHolidayChangeSchema,
  publicHolidaySchema,
} from '../domain/holidays';
import { type ApiClient, apiClient } from './client';

/** Public holidays kept by the administrator (issue 17): GET/POST/DELETE /public-holidays. */
export function createHolidaysApi(client: ApiClient) {
  const ofYear = async (year: number): Promise<PublicHoliday[]> =>
    z.array(publicHolidaySchema).parse(await client.request('/public-holidays', { query: { year } }));
  return {
    ofYear,
    /** The dates of each year asked for, by year: what the Request for Leave dialog counts with. */
    async datesOfYears(years: readonly string[]): Promise<Record<string, string[]>> {
      const lists = await Promise.all(years.map((year) => ofYear(Number(year))));
      return Object.fromEntries(years.map((year, i) => [year, (lists[i] ?? []).map((h) => h.date)]));
    },
    async add(body: PublicHolidayBody): Promise<PublicHolidayChange> {
      return publicHolidayChangeSchema.parse(
        await client.request('/public-holidays', { method: 'POST', body }),
      );
    },
    async remove(date: string): Promise<PublicHolidayChange> {
      return publicHolidayChangeSchema.parse(
        await client.request(`/public-holidays/${encodeURIComponent(date)}`, { method: 'DELETE' }),
      );
    },
  };
}
export type HolidaysApi = ReturnType<typeof createHolidaysApi>;

export const holidaysApi = createHolidaysApi(apiClient);

import * as z from 'zod/mini';
import {
  type Claim,
  type ClaimPage,
  type ClaimType,
  type ClaimTypeBody,
  type CreateClaim,
  claimPageSchema,
  claimSchema,
  claimTypeRemovalSchema,
  claimTypeSchema,
} from '../domain/claims';
import { type ApiClient, apiClient } from './client';

/** GET /claims's query as the screens ask it (comma-joined statuses). */
export interface ClaimsQuery {
  status?: string;
  userId?: number;
  year?: number;
  month?: number;
  page?: number;
  limit?: number;
}

/** The largest page GET /claims answers: the screens read a month or a year in pages of this size. */
const WHOLE_PAGE = 100;

/** Expense claims (issue 37): claim types, claims, their decisions and the monthly report. */
export function createClaimsApi(client: ApiClient) {
  const list = async (query: ClaimsQuery): Promise<ClaimPage> =>
    claimPageSchema.parse(await client.request('/claims', { query: { ...query } }));
  return {
    async types(archived = false): Promise<ClaimType[]> {
      const answer = await client.request('/claim-types', { query: archived ? { archived: true } : {} });
      return z.array(claimTypeSchema).parse(answer);
    },
    async addType(body: ClaimTypeBody): Promise<ClaimType> {
      return claimTypeSchema.parse(await client.request('/claim-types', { method: 'POST', body }));
    },
    async updateType(id: number, body: ClaimTypeBody): Promise<ClaimType> {
      return claimTypeSchema.parse(await client.request(`/claim-types/${id}`, { method: 'PUT', body }));
    },
    /** DELETED when no claim named it, ARCHIVED otherwise. */
    async removeType(id: number) {
      return claimTypeRemovalSchema.parse(await client.request(`/claim-types/${id}`, { method: 'DELETE' }));
    },
    list,
    /** Every claim the query matches, page after page (a person's year, or a month of everyone's). */
    async all(query: Omit<ClaimsQuery, 'page' | 'limit'>): Promise<Claim[]> {
      const first = await list({ ...query, page: 1, limit: WHOLE_PAGE });
      const rows = [...first.data];
      for (let page = 2; page <= first.totalPages; page += 1) {
        rows.push(...(await list({ ...query, page, limit: WHOLE_PAGE })).data);
      }
      return rows;
    },
    async create(body: CreateClaim): Promise<Claim> {
      return claimSchema.parse(await client.request('/claims', { method: 'POST', body }));
    },
    async remove(id: number): Promise<unknown> {
      return client.request(`/claims/${id}`, { method: 'DELETE' });
    },
    async decide(id: number, decision: 'APPROVE' | 'REJECT', reason?: string): Promise<Claim> {
      const body = reason ? { decision, reason } : { decision };
      return claimSchema.parse(await client.request(`/claims/${id}/decision`, { method: 'POST', body }));
    },
    /** The month's claims report (built with pay, issue 37 item 4). */
    async report(year: number, month: number, format: 'csv' | 'pdf'): Promise<Blob> {
      const answer = await client.request('/claims/report', {
        query: { year, month, format },
        responseType: 'blob',
      });
      return answer as Blob;
    },
  };
}
export type ClaimsApi = ReturnType<typeof createClaimsApi>;

export const claimsApi = createClaimsApi(apiClient);

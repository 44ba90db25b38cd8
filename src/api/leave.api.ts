import * as z from 'zod/mini';
import {
  type CreateLeaveRequest,
  downloadGrantSchema,
  type LeaveBalance,
  type LeaveClash,
  type LeaveCounts,
  type LeaveListQuery,
  type LeaveRequest,
  type LeaveRequestPage,
  type LeaveType,
  leaveBalanceSchema,
  leaveClashSchema,
  leaveCountsSchema,
  leaveRequestPageSchema,
  leaveRequestSchema,
  leaveTypeSchema,
  type UploadGrant,
  uploadGrantSchema,
  type WithdrawalDecisionAnswer,
  withdrawalDecisionAnswerSchema,
  type YearlyLeaveBalanceRow,
  yearlyLeaveBalanceRowSchema,
} from '../domain/leave';
import { type LeaveCalendarEntry, leaveCalendarEntrySchema } from '../domain/leave-calendar';
import { leaveDecisionStatus, type WithdrawalDecision } from '../domain/lifecycles/leave-request.lifecycle';
import { type ApiClient, apiClient } from './client';
import { asPdf } from './payslips.api';

/** Query values as the spec sends them: lists comma-joined, empty values left out. */
function listQuery(query: LeaveListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) out[key] = value.join(',');
    } else out[key] = value as string | number;
  }
  return out;
}

/** Spec section 7, leave requests, leave types, balances and files; answers parsed with the domain schemas. */
export function createLeaveApi(client: ApiClient) {
  return {
    async types(): Promise<LeaveType[]> {
      const answer = await client.request('/leave-types', { fallbackMessage: 'Failed to fetch leave types' });
      return z.array(leaveTypeSchema).parse(answer);
    },
    /** Everyone's requests (admin dashboard). */
    async list(query: LeaveListQuery = {}): Promise<LeaveRequestPage> {
      const answer = await client.request('/leave-requests', {
        query: listQuery(query),
        fallbackMessage: 'Failed to fetch leave requests',
      });
      return leaveRequestPageSchema.parse(answer);
    },
    async listOfUser(userId: number, query: LeaveListQuery = {}): Promise<LeaveRequestPage> {
      const answer = await client.request(`/users/${userId}/leave-requests`, {
        query: listQuery(query),
        fallbackMessage: 'Failed to fetch leave requests',
      });
      return leaveRequestPageSchema.parse(answer);
    },
    async counts(): Promise<LeaveCounts> {
      const answer = await client.request('/leave-requests/count', {
        fallbackMessage: 'Failed to fetch leave requests count',
      });
      return leaveCountsSchema.parse(answer);
    },
    async countsOfUser(userId: number): Promise<LeaveCounts> {
      const answer = await client.request(`/users/${userId}/leave-requests/count`, {
        fallbackMessage: 'Failed to fetch leave requests count',
      });
      return leaveCountsSchema.parse(answer);
    },
    async clashes(id: number): Promise<LeaveClash[]> {
      return z.array(leaveClashSchema).parse(await client.request(`/leave-requests/${id}/clashes`));
    },
    /** The team calendar: approved and pending requests on a month's dates (STAFF: their own). */
    async calendar(query: {
      year: number;
      month: number;
      leaveTypeId?: number | null;
      userId?: number | null;
    }): Promise<LeaveCalendarEntry[]> {
      const { year, month, leaveTypeId, userId } = query;
      const answer = await client.request('/leave-calendar', {
        query: { year, month, ...(leaveTypeId ? { leaveTypeId } : {}), ...(userId ? { userId } : {}) },
        fallbackMessage: 'Failed to fetch the leave calendar',
      });
      return z.array(leaveCalendarEntrySchema).parse(answer);
    },
    async create(body: CreateLeaveRequest): Promise<LeaveRequest> {
      const answer = await client.request('/leave-requests', {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to create leave request',
      });
      return leaveRequestSchema.parse(answer);
    },
    async decide(id: number, isApproved: boolean): Promise<LeaveRequest> {
      const answer = await client.request(`/leave-requests/${id}`, {
        method: 'PATCH',
        body: { status: leaveDecisionStatus[isApproved ? 'approve' : 'reject'] },
        fallbackMessage: 'Failed to update leave request',
      });
      return leaveRequestSchema.parse(answer);
    },
    /** The owner asks to withdraw approved leave (issue 34). */
    async requestWithdrawal(id: number): Promise<LeaveRequest> {
      const answer = await client.request(`/leave-requests/${id}/withdrawal`, {
        method: 'POST',
        fallbackMessage: 'Failed to update leave request',
      });
      return leaveRequestSchema.parse(answer);
    },
    async decideWithdrawal(id: number, decision: WithdrawalDecision): Promise<WithdrawalDecisionAnswer> {
      const answer = await client.request(`/leave-requests/${id}/withdrawal/decision`, {
        method: 'POST',
        body: { decision },
        fallbackMessage: 'Failed to update leave request',
      });
      return withdrawalDecisionAnswerSchema.parse(answer);
    },
    async remove(id: number): Promise<void> {
      await client.request(`/leave-requests/${id}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete leave request',
      });
    },
    async balances(userId: number, year?: number): Promise<LeaveBalance[]> {
      const answer = await client.request(`/users/${userId}/leave-balances`, { query: year ? { year } : {} });
      return z.array(leaveBalanceSchema).parse(answer);
    },
    async setAllowance(userId: number, leaveTypeId: number, totalDays: number | null, year?: number) {
      const answer = await client.request(`/users/${userId}/leave-balances/${leaveTypeId}`, {
        method: 'PATCH',
        body: { totalDays, year },
      });
      return leaveBalanceSchema.parse(answer);
    },
    /** On failure the spec answers an empty list. */
    async yearlyBalances(year: number): Promise<YearlyLeaveBalanceRow[]> {
      try {
        const answer = await client.request('/users/leave-balances/year', { query: { year } });
        return z.array(yearlyLeaveBalanceRowSchema).parse(answer);
      } catch (error) {
        console.error('Failed to fetch leave balances', error);
        return [];
      }
    },
    async yearlyBalancesPdf(year: number): Promise<Blob> {
      return asPdf(
        await client.request('/users/leave-balances/year-pdf', {
          method: 'POST',
          body: { year },
          responseType: 'blob',
        }),
      );
    },
    async uploadGrant(fileName: string, fileType: string): Promise<UploadGrant> {
      return uploadGrantSchema.parse(
        await client.request('/s3/upload-url', { query: { fileName, fileType } }),
      );
    },
    /** The PUT to the grant's URL goes without the product's auth header (spec section 7). */
    async upload(grant: UploadGrant, file: File): Promise<void> {
      const response = await fetch(grant.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': file.type },
        body: file,
      });
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { message?: string } | null;
        throw {
          statusCode: response.status,
          error: 'Upload failed',
          message: answer?.message ?? 'The file could not be uploaded.',
        };
      }
    },
    async viewUrl(fileUrl: string): Promise<string> {
      return downloadGrantSchema.parse(await client.request('/s3/signed-url', { query: { fileUrl } }))
        .signedUrl;
    },
  };
}

export type LeaveApi = ReturnType<typeof createLeaveApi>;
export const leaveApi = createLeaveApi(apiClient);

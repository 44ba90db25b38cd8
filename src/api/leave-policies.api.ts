import * as z from 'zod/mini';
import {
  type LeaveEntitlement,
  type LeavePolicyInput,
  type LeaveTypePolicy,
  leaveEntitlementSchema,
  leavePolicySchema,
  type YearEndSummary,
  yearEndSummarySchema,
} from '../domain/leave-policies';
import { type ApiClient, apiClient } from './client';

/** Issue 17: leave policies, the entitlements they give, and the year end; answers parsed with the domain schemas. */
export function createLeavePoliciesApi(client: ApiClient) {
  return {
    async policies(): Promise<LeaveTypePolicy[]> {
      const answer = await client.request('/leave-policies', {
        fallbackMessage: 'Failed to fetch leave policies',
      });
      return z.array(leavePolicySchema).parse(answer) as LeaveTypePolicy[];
    },
    async updatePolicy(leaveTypeId: number, body: LeavePolicyInput): Promise<LeaveTypePolicy> {
      const answer = await client.request(`/leave-policies/${leaveTypeId}`, { method: 'PUT', body });
      return leavePolicySchema.parse(answer) as LeaveTypePolicy;
    },
    async entitlements(userId: number, year?: number): Promise<LeaveEntitlement[]> {
      const answer = await client.request(`/users/${userId}/leave-entitlements`, {
        query: year === undefined ? {} : { year },
      });
      return z.array(leaveEntitlementSchema).parse(answer);
    },
    async yearEndPreview(year: number): Promise<YearEndSummary> {
      return yearEndSummarySchema.parse(
        await client.request('/leave-balances/year-end', { query: { year } }),
      );
    },
    async yearEnd(year: number): Promise<YearEndSummary> {
      return yearEndSummarySchema.parse(
        await client.request('/leave-balances/year-end', { method: 'POST', body: { year } }),
      );
    },
  };
}

export type LeavePoliciesApi = ReturnType<typeof createLeavePoliciesApi>;
export const leavePoliciesApi = createLeavePoliciesApi(apiClient);

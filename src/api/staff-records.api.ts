import {
  type EmploymentInfo,
  type EmploymentInfoInput,
  employmentInfoSchema,
} from '../domain/employment-info';
import type { OnboardInput } from '../domain/onboarding';
import {
  type OpeningLeave,
  type OpeningLeaveBody,
  type OpeningYtd,
  type OpeningYtdBody,
  openingLeaveSchema,
  openingYtdSchema,
} from '../domain/opening-balances';
import { type PaymentInfo, type PaymentInfoInput, paymentInfoSchema } from '../domain/payment-info';
import { type StaffInfo, type StaffInfoInput, staffInfoSchema } from '../domain/staff-info';
import { type UserDetail, userDetailSchema } from '../domain/users';
import { type ApiClient, apiClient } from './client';

/**
 * Spec section 7, the staff records: staff, employment and payment info (read by user id, changed
 * by the record's id) and onboarding. Answers are parsed with the schemas the server answers with.
 */
export function createStaffRecordsApi(client: ApiClient) {
  return {
    /** GET /users/{id} that rejects on failure (the spec's users.get answers {} instead), for screens that say so. */
    async getUser(id: number): Promise<UserDetail> {
      return userDetailSchema.parse(await client.request(`/users/${id}`));
    },
    /** DELETE /users/{id} that rejects with the server's reason (users.remove answers false instead). */
    async deleteUser(id: number): Promise<void> {
      await client.request(`/users/${id}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete the user',
      });
    },
    async getStaffInfo(userId: number): Promise<StaffInfo> {
      return staffInfoSchema.parse(await client.request(`/users/${userId}/staff-info`));
    },
    async updateStaffInfo(id: number, body: StaffInfoInput): Promise<StaffInfo> {
      return staffInfoSchema.parse(await client.request(`/staff-info/${id}`, { method: 'PATCH', body }));
    },
    async getEmploymentInfo(userId: number): Promise<EmploymentInfo> {
      return employmentInfoSchema.parse(await client.request(`/users/${userId}/employment-info`));
    },
    async updateEmploymentInfo(id: number, body: EmploymentInfoInput): Promise<EmploymentInfo> {
      return employmentInfoSchema.parse(
        await client.request(`/employment-info/${id}`, { method: 'PATCH', body }),
      );
    },
    async getPaymentInfo(userId: number): Promise<PaymentInfo> {
      return paymentInfoSchema.parse(await client.request(`/users/${userId}/payment-info`));
    },
    /** The spec's client repeats the record id in the body. */
    async updatePaymentInfo(id: number, body: PaymentInfoInput): Promise<PaymentInfo> {
      return paymentInfoSchema.parse(
        await client.request(`/payment-info/${id}`, { method: 'PATCH', body: { id, ...body } }),
      );
    },
    async onboard(userId: number, body: OnboardInput): Promise<UserDetail> {
      return userDetailSchema.parse(
        await client.request(`/users/${userId}/onboard`, { method: 'POST', body }),
      );
    },
    /** GET /users/{id}/opening-ytd?year (issue 38): rejects with the 404 when none is recorded. */
    async getOpeningYtd(userId: number, year: number): Promise<OpeningYtd> {
      return openingYtdSchema.parse(
        await client.request(`/users/${userId}/opening-ytd`, { query: { year } }),
      );
    },
    async putOpeningYtd(userId: number, body: OpeningYtdBody): Promise<OpeningYtd> {
      return openingYtdSchema.parse(
        await client.request(`/users/${userId}/opening-ytd`, { method: 'PUT', body }),
      );
    },
    async deleteOpeningYtd(userId: number, year: number): Promise<void> {
      await client.request(`/users/${userId}/opening-ytd`, { method: 'DELETE', query: { year } });
    },
    async getOpeningLeave(userId: number, year: number): Promise<OpeningLeave> {
      return openingLeaveSchema.parse(
        await client.request(`/users/${userId}/opening-leave`, { query: { year } }),
      );
    },
    async putOpeningLeave(userId: number, body: OpeningLeaveBody): Promise<OpeningLeave> {
      return openingLeaveSchema.parse(
        await client.request(`/users/${userId}/opening-leave`, { method: 'PUT', body }),
      );
    },
  };
}

export type StaffRecordsApi = ReturnType<typeof createStaffRecordsApi>;
export const staffRecordsApi = createStaffRecordsApi(apiClient);

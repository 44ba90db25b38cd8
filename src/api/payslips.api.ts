import * as z from 'zod/mini';
import { initialPayslipStatus } from '../domain/lifecycles/payslip.lifecycle';
import { payRunSchema } from '../domain/pay-runs';
import type { PayItemKind } from '../domain/payroll';
import { emailPayslipsAnswerSchema, jobProgressSchema } from '../domain/payslip-emails';
import {
  type BulkProcess,
  bulkProcessPreviewSchema,
  bulkProcessResultSchema,
  kindInfo,
  type PayItemCreate,
  payItemSchema,
  payslipAggregateSchema,
  payslipDetailSchema,
  payTotalsSchema,
  type SnapshotUpdate,
  unprocessedRowSchema,
} from '../domain/payslips';
import { type ApiClient, apiClient } from './client';

export interface Period {
  year: number;
  month: number;
}

/** A PDF answer is a file; anything else is the spec's 'Unexpected response format' (section 7). */
export function asPdf(answer: unknown): Blob {
  // Read as a file by its shape: the fetch implementation's Blob class may differ from the page's.
  const file = answer as Partial<Blob> | null;
  if (typeof file?.size !== 'number' || typeof file.arrayBuffer !== 'function') {
    throw new Error('Unexpected response format');
  }
  if (file.size === 0) throw new Error('Failed to fetch blob data');
  return file as Blob;
}

/** Spec section 7, Payroll: answers are parsed with the schemas the server answers with (src/domain/payslips). */
export function createPayslipsApi(client: ApiClient) {
  return {
    async unprocessed(period: Period) {
      return z
        .array(unprocessedRowSchema)
        .parse(await client.request('/payslips/unprocessed-and-items-added', { query: period }));
    },
    async processed(period: Period) {
      return z
        .array(payslipAggregateSchema)
        .parse(await client.request('/payslips/processed/aggregates', { query: period }));
    },
    /** The period's processed payslips added up (the Processed List's totals row). */
    async processedTotals(period: Period) {
      return payTotalsSchema.parse(await client.request('/payslips/processed/totals', { query: period }));
    },
    /** One employee's processed payslips (a STAFF user: their own), optionally of one year. */
    async processedOf(userId: number, year?: number) {
      return z.array(payslipAggregateSchema).parse(
        await client.request(`/users/${userId}/payslips/processed/aggregates`, {
          query: year === undefined ? {} : { year },
        }),
      );
    },
    async payslip(userId: number, period: Period) {
      return payslipDetailSchema.parse(await client.request(`/users/${userId}/payslips`, { query: period }));
    },
    async updateSnapshot(userId: number, period: Period, body: SnapshotUpdate) {
      return payslipDetailSchema.parse(
        await client.request(`/payslips/${userId}/${period.year}/${period.month}`, { method: 'PUT', body }),
      );
    },
    /** What bulk-process would process and store for this request: Process Pay's confirmation. */
    async bulkProcessPreview(body: BulkProcess) {
      return bulkProcessPreviewSchema.parse(
        await client.request('/payslips/bulk-process/preview', { method: 'POST', body }),
      );
    },
    async bulkProcess(body: BulkProcess) {
      return bulkProcessResultSchema.parse(
        await client.request('/payslips/bulk-process', { method: 'POST', body }),
      );
    },
    /** 'Revert to Unprocessed': the server decides UNPROCESSED or ITEMS_ADDED (spec section 4). */
    async revert(payslipId: number) {
      return payslipAggregateSchema.parse(
        await client.request(`/payslips/${payslipId}/status`, {
          method: 'PATCH',
          body: { status: initialPayslipStatus },
        }),
      );
    },
    async payslipPdf(payslipId: number) {
      return asPdf(await client.request(`/payslips/${payslipId}/pdf`, { responseType: 'blob' }));
    },
    async tablePdf(period: Period) {
      return asPdf(
        await client.request('/payslips/processed/pdf-table', { query: period, responseType: 'blob' }),
      );
    },
    async items(kind: PayItemKind, userId: number, period: Period) {
      return z
        .array(payItemSchema)
        .parse(await client.request(`/users/${userId}/${kindInfo(kind).path}`, { query: period }));
    },
    async addItem(kind: PayItemKind, body: PayItemCreate) {
      return payItemSchema.parse(await client.request(`/${kindInfo(kind).path}`, { method: 'POST', body }));
    },
    /** The month's pay run (issue 39): its state, totals and variance against last month. */
    async payRun(period: Period) {
      return payRunSchema.parse(await client.request(`/pay-runs/${period.year}/${period.month}`));
    },
    /** Submit the processed month for another administrator's approval. */
    async submitPayRun(period: Period) {
      return payRunSchema.parse(
        await client.request(`/pay-runs/${period.year}/${period.month}/submit`, { method: 'POST', body: {} }),
      );
    },
    /** The submitted runs this administrator may decide (issue 39 item 4, the Approvals view). */
    async payRunsAwaiting() {
      return z.array(payRunSchema).parse(await client.request('/pay-runs/awaiting'));
    },
    async approvePayRun(period: Period) {
      return payRunSchema.parse(
        await client.request(`/pay-runs/${period.year}/${period.month}/approve`, {
          method: 'POST',
          body: {},
        }),
      );
    },
    async rejectPayRun(period: Period, reason: string) {
      return payRunSchema.parse(
        await client.request(`/pay-runs/${period.year}/${period.month}/reject`, {
          method: 'POST',
          body: { reason },
        }),
      );
    },
    /** The variance report's PDF (issue 39 item 3). */
    async payRunVariancePdf(period: Period) {
      return asPdf(
        await client.request(`/pay-runs/${period.year}/${period.month}/variance.pdf`, {
          responseType: 'blob',
        }),
      );
    },
    /** Email payslips (issue 16): queues the month's sends; the answer names the job to follow. */
    async emailPayslips(period: Period) {
      return emailPayslipsAnswerSchema.parse(
        await client.request('/payslips/email', { method: 'POST', body: period }),
      );
    },
    /** Re-send one employee's payslip of a month (issue 34), within the server's resend limit. */
    async resendPayslip(userId: number, period: Period) {
      return emailPayslipsAnswerSchema.parse(
        await client.request('/payslips/email', {
          method: 'POST',
          body: { ...period, userIds: [userId], resend: true },
        }),
      );
    },
    async jobProgress(jobId: string) {
      return jobProgressSchema.parse(await client.request(`/jobs/${encodeURIComponent(jobId)}`));
    },
    async retryJob(jobId: string) {
      return jobProgressSchema.parse(
        await client.request(`/jobs/${encodeURIComponent(jobId)}/retry`, { method: 'POST', body: {} }),
      );
    },
    async removeItem(kind: PayItemKind, id: number) {
      await client.request(`/${kindInfo(kind).path}/${id}`, { method: 'DELETE' });
    },
  };
}

export type PayslipsApi = ReturnType<typeof createPayslipsApi>;

export const payslipsApi = createPayslipsApi(apiClient);

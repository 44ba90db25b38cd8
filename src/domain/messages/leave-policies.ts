import type { YearEndSummary } from '../leave-policies';
import { policyMessages } from '../leave-policies';
import { yearEndResult } from '../leave-policy-form';
import type { Toast } from './toast';

/**
 * The words of the Leave Policies screen and the Leave Balance screen's year end (issue 17; the spec
 * names none but 'Leave Policy Updated!', the issue's; the rest are ours in the spec's style).
 */
export const leavePolicyToasts = {
  updated: { type: 'success', title: policyMessages.updated } satisfies Toast,
  updateFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to update leave policy.',
    description: error.message,
  }),
  loadFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to fetch leave policies',
    description: error.message,
  }),
  yearEndPreviewFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to prepare the year end',
    description: error.message,
  }),
  yearEndFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to close the year',
    description: error.message,
  }),
  yearClosed: (summary: YearEndSummary): Toast => ({
    type: 'success',
    title: `Year ${summary.year} closed`,
    description: yearEndResult(summary),
  }),
};

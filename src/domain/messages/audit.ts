import type { Toast } from './toast';

/** The words of the Audit screen (issue 39; the spec names none, so these are ours, in its style). */
export const auditToasts = {
  exported: (fileName: string): Toast => ({
    type: 'success',
    title: 'File downloaded',
    description: fileName,
  }),
  exportFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to export the audit trail',
    description: error.message,
  }),
};

import type { Toast } from './toast';

/** The words of the list screens' exports (issue 38 item 5; the spec names none, so these are ours, in its style). */
export const exportToasts = {
  exported: (fileName: string): Toast => ({
    type: 'success',
    title: 'File downloaded',
    description: fileName,
  }),
  exportFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to export',
    description: error.message,
  }),
};

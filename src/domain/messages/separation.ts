import type { Toast } from './toast';

/** The words of the Separation panel and the resignation form (issue 35; the spec names none, so ours). */
export const separationToasts = {
  recorded: (): Toast => ({ type: 'success', title: 'Separation recorded' }),
  requested: (): Toast => ({
    type: 'success',
    title: 'Resignation submitted',
    description: 'HR will acknowledge it.',
  }),
  saveFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to save the separation',
    description: error.message,
  }),
  acknowledged: (): Toast => ({ type: 'success', title: 'Resignation acknowledged' }),
  acknowledgeFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to acknowledge the resignation',
    description: error.message,
  }),
  withdrawn: (): Toast => ({ type: 'success', title: 'Separation withdrawn' }),
  withdrawFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to withdraw the separation',
    description: error.message,
  }),
  ketsFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to download the key employment terms',
    description: error.message,
  }),
  clearanceRecorded: (): Toast => ({
    type: 'success',
    title: 'IRAS clearance recorded',
    description: 'The withheld pay goes into the next bank file of its month.',
  }),
  clearanceFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to record the IRAS clearance',
    description: error.message,
  }),
  ir21Failed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Failed to download the IR21',
    description: error.message,
  }),
};

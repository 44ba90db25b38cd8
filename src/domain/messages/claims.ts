import type { Toast } from './toast';

/** The words of the claims screens (issue 37 item 4; the spec names none, so these are ours). */
const failed =
  (title: string) =>
  (error: { message: string }): Toast => ({
    type: 'error',
    title,
    description: error.message,
  });

export const claimToasts = {
  created: (type: string): Toast => ({ type: 'success', title: 'Claim submitted', description: type }),
  createFailed: failed('Failed to submit the claim'),
  deleted: (type: string): Toast => ({ type: 'success', title: 'Claim deleted', description: type }),
  deleteFailed: failed('Failed to delete the claim'),
  approved: (name: string): Toast => ({ type: 'success', title: 'Claim approved', description: name }),
  rejected: (name: string): Toast => ({ type: 'success', title: 'Claim rejected', description: name }),
  decideFailed: failed('Failed to decide the claim'),
  loadFailed: failed('Failed to fetch claims'),
  reportFailed: failed('Failed to download the claims report'),
  typeAdded: (name: string): Toast => ({ type: 'success', title: 'Claim type added', description: name }),
  typeSaved: (name: string): Toast => ({ type: 'success', title: 'Claim type saved', description: name }),
  typeSaveFailed: failed('Failed to save the claim type'),
  /** The API answers whether the type went (no claims named it) or was archived (its claims stay). */
  typeRemoved: (name: string, removed: 'DELETED' | 'ARCHIVED'): Toast => ({
    type: 'success',
    title: removed === 'DELETED' ? 'Claim type deleted' : 'Claim type archived',
    description:
      removed === 'DELETED'
        ? name
        : `${name} has claims, so it was archived: its claims stay, new ones cannot use it.`,
  }),
  typeRemoveFailed: failed('Failed to remove the claim type'),
};

/** Four eyes (decision 0003): what the review sheet says on one's own claim. */
export const OWN_CLAIM_NOTICE = 'This is your own claim: another administrator must approve or reject it.';

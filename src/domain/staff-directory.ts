import type { UserDetail } from './users';

/** A row of the staff directory (GET /users, spec sections 2 and 4): the user with the records of onboarding. */
export type DirectoryEntry = UserDetail;

/** A user counts as onboarded only when staff, employment and payment info all exist. */
export const isOnboarded = (user: Pick<DirectoryEntry, 'staffInfo' | 'employmentInfo' | 'paymentInfo'>) =>
  user.staffInfo !== null && user.employmentInfo !== null && user.paymentInfo !== null;

const STATUS_LABELS: Readonly<Record<string, string>> = { ACTIVE: 'Active', RESIGNED: 'Resigned' };

/** ACTIVE as 'Active', RESIGNED as 'Resigned', no status as 'Not yet Onboarded'. */
export function employmentStatusLabel(status: string | null | undefined): string {
  if (!status) return 'Not yet Onboarded';
  return STATUS_LABELS[status] ?? status;
}

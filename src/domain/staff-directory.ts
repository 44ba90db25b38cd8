import { z } from 'zod';
import { idSchema, roleSchema } from './auth';

/**
 * A row of the staff directory (GET /users, spec sections 2 and 4): who the user is and which records exist,
 * which decides between View and Onboard. The rest of each record passes through for the detail screen.
 */
export const directoryEntrySchema = z.looseObject({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  staffInfo: z.looseObject({ id: idSchema }).nullable(),
  employmentInfo: z.looseObject({ id: idSchema, employmentStatus: z.string() }).nullable(),
  paymentInfo: z.looseObject({ id: idSchema }).nullable(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/** A user counts as onboarded only when staff, employment and payment info all exist. */
export const isOnboarded = (user: Pick<DirectoryEntry, 'staffInfo' | 'employmentInfo' | 'paymentInfo'>) =>
  user.staffInfo !== null && user.employmentInfo !== null && user.paymentInfo !== null;

const STATUS_LABELS: Readonly<Record<string, string>> = { ACTIVE: 'Active', RESIGNED: 'Resigned' };

/** ACTIVE as 'Active', RESIGNED as 'Resigned', no status as 'Not yet Onboarded'. */
export function employmentStatusLabel(status: string | null | undefined): string {
  if (!status) return 'Not yet Onboarded';
  return STATUS_LABELS[status] ?? status;
}

import { and, eq, ne } from 'drizzle-orm';
import { changedValues } from '../../domain/audit';
import { NRIC_ADMIN_ONLY, NRIC_TAKEN, type StaffInfo, type StaffInfoBody } from '../../domain/staff-info';
import type { DbOrTx } from '../db/client';
import { staffInfo } from '../db/schema';
import { conflict, forbidden, notFound } from '../lib/http-error';
import { type Actor, isAdmin } from './actor';
import { writeAudit } from './audit';
import { toStaffInfo } from './staff-records';

export const STAFF_INFO_NOT_FOUND = 'Staff information not found.';

/** A user's staff info: STAFF their own, ADMIN anyone's. */
export async function getStaffInfo(db: DbOrTx, input: { userId: number }): Promise<StaffInfo> {
  const [row] = await db.select().from(staffInfo).where(eq(staffInfo.userId, input.userId));
  if (!row) throw notFound(STAFF_INFO_NOT_FOUND);
  return toStaffInfo(row);
}

/**
 * One NRIC/FIN belongs to one person; the unique index backs this check against races. `field` is where
 * the request's body holds the NRIC/FIN.
 */
export async function assertNricFree(
  db: DbOrTx,
  nric: string,
  exceptUserId: number,
  field = 'nric',
): Promise<void> {
  const [taken] = await db
    .select({ id: staffInfo.id })
    .from(staffInfo)
    .where(and(eq(staffInfo.nric, nric), ne(staffInfo.userId, exceptUserId)));
  if (taken) throw conflict(NRIC_TAKEN, { code: 'NRIC_TAKEN', field });
}

/** Staff info by the record's id: STAFF change their own, ADMIN anyone's. */
export async function updateStaffInfo(
  db: DbOrTx,
  actor: Actor,
  input: { id: number; body: StaffInfoBody },
): Promise<StaffInfo> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffInfo).where(eq(staffInfo.id, input.id)).for('update');
    if (!before) throw notFound(STAFF_INFO_NOT_FOUND);
    // The NRIC/FIN is the employee's identity for CPF and IRAS: an administrator changes it, as
    // salary and CPF rates. Staff are refused before any look-up, so whether another record holds
    // a number is never revealed to them. Here, not in the route's rule: only a change is refused,
    // seen against the row read under its lock.
    if (!isAdmin(actor) && input.body.nric !== before.nric) throw forbidden(NRIC_ADMIN_ONLY);
    await assertNricFree(tx, input.body.nric, before.userId);
    const [after] = await tx.update(staffInfo).set(input.body).where(eq(staffInfo.id, input.id)).returning();
    if (!after) throw notFound(STAFF_INFO_NOT_FOUND);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'staffInfo.updated',
      entity: 'user',
      entityId: before.userId,
      subjectUserId: before.userId,
      // Identity changes with their values; writeAudit masks the NRIC/FIN.
      details: changedValues(toStaffInfo(before), toStaffInfo(after)),
    });
    return toStaffInfo(after);
  });
}

/** Names of the fields whose values differ. */
export function changedFields<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map(String);
}

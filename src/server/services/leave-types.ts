import { asc } from 'drizzle-orm';
import type { LeaveType } from '../../domain/leave';
import type { DbOrTx } from '../db/client';
import { leaveTypes } from '../db/schema';

/** Leave types in the order the forms and the balance tables list them. */
export async function listLeaveTypes(db: DbOrTx): Promise<LeaveType[]> {
  return db
    .select({
      id: leaveTypes.id,
      name: leaveTypes.name,
      countsCalendarDays: leaveTypes.countsCalendarDays,
      unlimited: leaveTypes.unlimited,
      unpaid: leaveTypes.unpaid,
    })
    .from(leaveTypes)
    .orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id));
}

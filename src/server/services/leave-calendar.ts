import { type SQL, sql } from 'drizzle-orm';
import { type LeaveCalendarEntry, type LeaveCalendarQuery, monthRange } from '../../domain/leave-calendar';
import { leaveStatusesTagged } from '../../domain/lifecycles/leave-request.lifecycle';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/statements';
import { type Actor, isAdmin } from './actor';
import { LIST_COLUMNS, LIST_FROM, type ListRow, toListedRequest } from './leave-lists';

/**
 * The team calendar (issue 17, part 5): every request that holds days (approved or pending, as the
 * lifecycle tags them) on any date of a month, everyone's for ADMIN and only one's own for STAFF. A
 * request overlaps the month when it starts by its last day and ends on or after its first; every
 * request takes at least half of each of its end dates, so the dates decide. Served by
 * `leave_requests_to_idx` (to_date, id) for the months people look at (this one and the next few):
 * requests ending in or after them are few next to the whole history. A month years back scans more;
 * a GiST index on daterange(from_date, to_date) with `&&` would serve any month (not added: the schema
 * is the lead's).
 */
export async function leaveCalendar(
  db: DbOrTx,
  actor: Actor,
  query: LeaveCalendarQuery,
): Promise<LeaveCalendarEntry[]> {
  // STAFF see only themselves: no userId means their own (the access rule refuses another's).
  const userId = isAdmin(actor) ? query.userId : (query.userId ?? actor.id);
  const { fromDate, toDate } = monthRange(query);
  const conditions: SQL[] = [
    sql`lr.status in ${leaveStatusesTagged('holdsDays')}`,
    sql`lr.from_date <= ${toDate}::date`,
    sql`lr.to_date >= ${fromDate}::date`,
  ];
  if (userId !== undefined) conditions.push(sql`lr.user_id = ${userId}`);
  if (query.leaveTypeId !== undefined) conditions.push(sql`lr.leave_type_id = ${query.leaveTypeId}`);
  const rows = await rowsOf<ListRow>(
    db,
    sql`select ${LIST_COLUMNS}
  ${LIST_FROM}
  where ${sql.join(conditions, sql` and `)}
  order by lr.from_date, u.full_name, lr.id`,
  );
  return rows.map((row) => ({
    ...toListedRequest(row),
    leaveType: { id: row.leaveTypeId, name: row.type },
  }));
}

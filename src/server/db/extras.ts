import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * What Drizzle's schema cannot say, applied after the migrations on every start (idempotent):
 * the trigger that keeps leave_request_tallies equal to the requests, and a recount under a lock,
 *   so a database that had requests before the trigger existed (or was restored) starts right.
 */
export async function applyDatabaseExtras(db: Db) {
  await db.execute(sql`
    create or replace function leave_request_tally() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update leave_request_tallies set n = n - 1
          where leave_type_id = old.leave_type_id and status = old.status;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into leave_request_tallies (leave_type_id, status, n) values (new.leave_type_id, new.status, 1)
          on conflict (leave_type_id, status) do update set n = leave_request_tallies.n + 1;
      end if;
      return null;
    end $$`);
  await db.execute(sql`
    create or replace trigger leave_requests_tally
      after insert or delete or update of status, leave_type_id on leave_requests
      for each row execute function leave_request_tally()`);
  await db.transaction(async (tx) => {
    // Writers wait while the tallies are recounted; readers go on.
    await tx.execute(sql`lock table leave_requests in share mode`);
    await tx.execute(sql`delete from leave_request_tallies`);
    await tx.execute(sql`
      insert into leave_request_tallies (leave_type_id, status, n)
      select leave_type_id, status, count(*) from leave_requests group by leave_type_id, status`);
  });
}

import { sql } from 'drizzle-orm';
import { payslipStatusesTagged } from '../../../domain/lifecycles/payslip.lifecycle';
import { type PaidClaim, type PaidOvertime, usersOverALimit } from '../../../domain/payroll/variance';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import type { Period } from './repository';

/**
 * The variance report's "items over a limit" (issue 39 item 3): the claims the month's processed
 * payslips pay, with their types' limits as they stand now, and the overtime hours they pay, with
 * whether the employee has MOM's exemption. Two reads, one after the other.
 */
export async function usersPaidOverALimit(db: DbOrTx, { year, month }: Period): Promise<Set<number>> {
  const processed = sql`p.year = ${year} and p.month = ${month} and p.status in ${payslipStatusesTagged('processed')}`;
  const claims = await rowsOf<{
    user_id: number;
    claim_type_id: number;
    date: string;
    amount_cents: string;
    per_claim: string | null;
    monthly: string | null;
  }>(
    db,
    sql`select c.user_id, c.claim_type_id, c.date::text as date, c.amount_cents::text as amount_cents,
          ct.per_claim_limit_cents::text as per_claim, ct.monthly_limit_cents::text as monthly
        from claims c join pay_items i on i.id = c.pay_item_id join payslips p on p.id = i.payslip_id
          join claim_types ct on ct.id = c.claim_type_id
        where ${processed}`,
  );
  const overtime = await rowsOf<{ user_id: number; hours: string; exempt: boolean }>(
    db,
    sql`select p.user_id, sum(i.hours)::text as hours, bool_or(ei.overtime_exemption_ref is not null) as exempt
        from payslips p join pay_items i on i.payslip_id = p.id
          left join employment_info ei on ei.user_id = p.user_id
        where ${processed} and i.type = 'OVERTIME' and i.hours is not null
        group by p.user_id`,
  );
  const cents = (value: string | null) => (value === null ? null : Number(value));
  return usersOverALimit(
    claims.map(
      (row): PaidClaim => ({
        userId: row.user_id,
        claimTypeId: row.claim_type_id,
        date: row.date,
        amountCents: Number(row.amount_cents),
        perClaimLimitCents: cents(row.per_claim),
        monthlyLimitCents: cents(row.monthly),
      }),
    ),
    overtime.map(
      (row): PaidOvertime => ({ userId: row.user_id, hours: Number(row.hours), exempt: row.exempt === true }),
    ),
  );
}

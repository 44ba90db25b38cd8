import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payslipIdentities } from '../../db/payslip-identity-schema';
import { inIds } from './repository';

/**
 * Whom a processed payslip paid, frozen (issue 32.7, db/payslip-identity-schema.ts): the name,
 * NRIC/FIN, nationality and account as they are at processing, so the month's files never change
 * with a later rename or a new account. Reprocessing after a revert takes the values of that moment.
 */
export async function freezeIdentities(tx: Tx, payslipIds: readonly number[]): Promise<void> {
  if (payslipIds.length === 0) return;
  await tx.execute(sql`
    insert into payslip_identities (payslip_id, full_name, id_number, nationality, bank_name, bank_code,
      branch_code, account_no)
    select p.id, u.full_name, si.nric, si.nationality, pi.bank_name, pi.bank_code, pi.branch_code,
      pi.account_no
    from payslips p
      join users u on u.id = p.user_id
      left join staff_info si on si.user_id = p.user_id
      left join payment_info pi on pi.user_id = p.user_id
    where ${inIds(sql`p.id`, payslipIds)}
    on conflict (payslip_id) do update set full_name = excluded.full_name, id_number = excluded.id_number,
      nationality = excluded.nationality, bank_name = excluded.bank_name, bank_code = excluded.bank_code,
      branch_code = excluded.branch_code, account_no = excluded.account_no`);
}

/** A reverted payslip paid no one yet: its frozen identity goes with its amounts. */
export async function releaseIdentity(tx: Tx, payslipId: number): Promise<void> {
  await tx.delete(payslipIdentities).where(eq(payslipIdentities.payslipId, payslipId));
}

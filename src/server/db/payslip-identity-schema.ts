import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { BANK_NAMES } from '../../domain/enums';
import { oneOf, payslips } from './schema';

/**
 * Whom a processed payslip paid, as they were when it was processed (issue 32.7): the name, NRIC/FIN
 * and nationality, and the account the salary went to. Every file of a processed month (CPF, the
 * banks', IR8A, the payslip PDF) reads these, so a later rename or a new account rewrites none of them.
 * Written in processing's transaction, deleted by a revert; one row per processed payslip. The ID type
 * (NRIC or FIN) follows from the number. CPF type and section are the payslip's own snapshot columns.
 * The account holder's name is the person's name: the files have no other.
 */
export const payslipIdentities = pgTable(
  'payslip_identities',
  {
    payslipId: integer('payslip_id')
      .primaryKey()
      .references(() => payslips.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    /** Null only when the person had no staff information then (the files name it as a problem). */
    idNumber: text('id_number'),
    nationality: text('nationality'),
    bankName: text('bank_name', { enum: BANK_NAMES }),
    bankCode: text('bank_code'),
    branchCode: text('branch_code'),
    accountNo: text('account_no'),
  },
  (t) => [
    check('payslip_identities_bank_check', sql`${t.bankName} is null or ${oneOf(t.bankName, BANK_NAMES)}`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BANK_NAMES } from '../../domain/enums';
import { id, oneOf, updatedAt } from './schema';

// The company's own tables (its particulars and the accounts it pays from), beside schema.ts.

/** The company itself: one row (id 1), written by PUT /company; until then the defaults of config. */
export const company = pgTable(
  'company',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    uen: text('uen'),
    cpfSubmissionNumber: text('cpf_submission_number'),
    address: text('address'),
    // Who makes the IR8A's declaration for the employer.
    authorisedPersonName: text('authorised_person_name'),
    authorisedPersonDesignation: text('authorised_person_designation'),
    authorisedPersonPhone: text('authorised_person_phone'),
    authorisedPersonEmail: text('authorised_person_email'),
    // PDPA (issue 34): an e-mailed payslip's PDF opens with a password made of the person's identity.
    protectEmailedPayslips: boolean('protect_emailed_payslips').notNull().default(true),
    // Issue 39: a second administrator approves each month's pay run; takes effect with two or more ADMINs.
    requirePayRunApproval: boolean('require_pay_run_approval').notNull().default(true),
    // Issue 37: how many days after an expense its claim may still be filed.
    claimWindowDays: integer('claim_window_days').notNull().default(90),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('company_single_row_check', sql`${t.id} = 1`),
    check('company_name_check', sql`length(trim(${t.name})) > 0`),
    check('company_claim_window_days_check', sql`${t.claimWindowDays} between 1 and 3660`),
  ],
);

/**
 * The accounts the company pays salaries from (issue 32), in the order the Company page lists them:
 * each bank's salary file debits the company's account at that bank, so one account per bank (POSB
 * is DBS: the API refuses both). DBS IDEAL's organisation ID is kept with the DBS account.
 */
export const companyBankAccounts = pgTable(
  'company_bank_accounts',
  {
    id: id(),
    position: integer('position').notNull(),
    bankName: text('bank_name', { enum: BANK_NAMES }).notNull(),
    accountNo: text('account_no'),
    accountName: text('account_name'),
    organisationId: text('organisation_id'),
  },
  (t) => [
    uniqueIndex('company_bank_accounts_position_key').on(t.position),
    uniqueIndex('company_bank_accounts_bank_key').on(t.bankName),
    check('company_bank_accounts_bank_check', oneOf(t.bankName, BANK_NAMES)),
  ],
);

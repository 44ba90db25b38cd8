import { asc, eq } from 'drizzle-orm';
import { changedValues } from '../../domain/audit';
import { DEFAULT_CLAIM_WINDOW_DAYS } from '../../domain/claims';
import {
  type Company,
  type CompanyBankAccount,
  type CompanyBody,
  type CompanyPage,
  companyWithAccounts,
  type MailDelivery,
} from '../../domain/company';
import type { DbOrTx } from '../db/client';
import { company, companyBankAccounts } from '../db/company-schema';
import type { Actor } from './actor';
import { writeAudit } from './audit';

/** What the company is called before an administrator has saved its particulars (config COMPANY_NAME). */
export interface CompanyDefaults {
  companyName: string;
}

/** The one row of the company table. */
export const COMPANY_ROW = 1;

async function accountsOf(db: DbOrTx): Promise<CompanyBankAccount[]> {
  return db
    .select({
      bankName: companyBankAccounts.bankName,
      accountNo: companyBankAccounts.accountNo,
      accountName: companyBankAccounts.accountName,
      organisationId: companyBankAccounts.organisationId,
    })
    .from(companyBankAccounts)
    .orderBy(asc(companyBankAccounts.position));
}

/** The company's particulars for documents and files: the saved row, else the configured name alone. */
export async function companyOf(db: DbOrTx, defaults: CompanyDefaults): Promise<Company> {
  const [[row], accounts] = await Promise.all([
    db.select().from(company).where(eq(company.id, COMPANY_ROW)),
    accountsOf(db),
  ]);
  return companyWithAccounts(
    row
      ? {
          name: row.name,
          uen: row.uen,
          cpfSubmissionNumber: row.cpfSubmissionNumber,
          address: row.address,
          authorisedPersonName: row.authorisedPersonName,
          authorisedPersonDesignation: row.authorisedPersonDesignation,
          authorisedPersonPhone: row.authorisedPersonPhone,
          authorisedPersonEmail: row.authorisedPersonEmail,
          protectEmailedPayslips: row.protectEmailedPayslips,
          requirePayRunApproval: row.requirePayRunApproval,
          claimWindowDays: row.claimWindowDays,
        }
      : {
          name: defaults.companyName,
          uen: null,
          cpfSubmissionNumber: null,
          address: null,
          authorisedPersonName: null,
          authorisedPersonDesignation: null,
          authorisedPersonPhone: null,
          authorisedPersonEmail: null,
          protectEmailedPayslips: true,
          requirePayRunApproval: true,
          claimWindowDays: DEFAULT_CLAIM_WINDOW_DAYS,
        },
    accounts,
  );
}

/** What the Company page needs beyond the database: the company's name and how mail goes out. */
export interface CompanyPageDeps extends CompanyDefaults {
  smtpUrl: string | undefined;
}

/** How mail is delivered: SMTP_URL's host alone (its user and password stay on the server), or the outbox. */
export function mailDeliveryOf(smtpUrl: string | undefined): MailDelivery {
  if (!smtpUrl) return { mode: 'OUTBOX' };
  return { mode: 'SMTP', host: new URL(smtpUrl).hostname };
}

/** GET /company (ADMIN). */
export async function getCompany(db: DbOrTx, deps: CompanyPageDeps): Promise<CompanyPage> {
  return { ...(await companyOf(db, deps)), mailDelivery: mailDeliveryOf(deps.smtpUrl) };
}

/** PUT /company (ADMIN): replaces the particulars and the accounts, audited with what they were. */
export async function updateCompany(
  db: DbOrTx,
  actor: Actor,
  body: CompanyBody,
  deps: CompanyPageDeps,
): Promise<CompanyPage> {
  return db.transaction(async (tx) => {
    const before = await companyOf(tx, deps);
    const {
      bankAccounts,
      protectEmailedPayslips: asked,
      requirePayRunApproval: approval,
      claimWindowDays: window,
      ...rest
    } = body;
    // Left out of the body, a setting stays as stored (older clients send only the particulars).
    const particulars = {
      ...rest,
      protectEmailedPayslips: asked ?? before.protectEmailedPayslips,
      requirePayRunApproval: approval ?? before.requirePayRunApproval,
      claimWindowDays: window ?? before.claimWindowDays,
    };
    await tx
      .insert(company)
      .values({ id: COMPANY_ROW, ...particulars })
      .onConflictDoUpdate({ target: company.id, set: particulars });
    await tx.delete(companyBankAccounts);
    if (bankAccounts.length > 0) {
      await tx
        .insert(companyBankAccounts)
        .values(bankAccounts.map((account, position) => ({ position, ...account })));
    }
    const after = companyWithAccounts(particulars, bankAccounts);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'company.updated',
      entity: 'company',
      entityId: COMPANY_ROW,
      // Only what changed; writeAudit masks the accounts' numbers.
      details: changedValues(before, after),
    });
    return { ...after, mailDelivery: mailDeliveryOf(deps.smtpUrl) };
  });
}

import { eq } from 'drizzle-orm';
import type { Company, CompanyBody } from '../../domain/company';
import type { DbOrTx } from '../db/client';
import { company } from '../db/schema';
import type { Actor } from './actor';
import { writeAudit } from './audit';

/** What the company is called before an administrator has saved its particulars (config COMPANY_NAME). */
export interface CompanyDefaults {
  companyName: string;
}

/** The one row of the company table. */
export const COMPANY_ROW = 1;

const toCompany = (row: typeof company.$inferSelect): Company => ({
  name: row.name,
  uen: row.uen,
  cpfSubmissionNumber: row.cpfSubmissionNumber,
  address: row.address,
  bankName: row.bankName,
  bankAccountNo: row.bankAccountNo,
  bankAccountName: row.bankAccountName,
});

/** The company's particulars for documents and files: the saved row, else the configured name alone. */
export async function companyOf(db: DbOrTx, defaults: CompanyDefaults): Promise<Company> {
  const [row] = await db.select().from(company).where(eq(company.id, COMPANY_ROW));
  return row
    ? toCompany(row)
    : {
        name: defaults.companyName,
        uen: null,
        cpfSubmissionNumber: null,
        address: null,
        bankName: null,
        bankAccountNo: null,
        bankAccountName: null,
      };
}

/** GET /company (ADMIN). */
export async function getCompany(db: DbOrTx, defaults: CompanyDefaults): Promise<Company> {
  return companyOf(db, defaults);
}

/** PUT /company (ADMIN): replaces the particulars, audited with what they were. */
export async function updateCompany(
  db: DbOrTx,
  actor: Actor,
  body: CompanyBody,
  defaults: CompanyDefaults,
): Promise<Company> {
  return db.transaction(async (tx) => {
    const before = await companyOf(tx, defaults);
    const [row] = await tx
      .insert(company)
      .values({ id: COMPANY_ROW, ...body })
      .onConflictDoUpdate({ target: company.id, set: body })
      .returning();
    // The upsert always returns its row; the guard satisfies the type checker.
    const after = row ? toCompany(row) : { ...before, ...body };
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'company.updated',
      entity: 'company',
      entityId: COMPANY_ROW,
      details: { before, after },
    });
    return after;
  });
}

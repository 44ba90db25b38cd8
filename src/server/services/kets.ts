import { eq } from 'drizzle-orm';
import { changedValues } from '../../domain/audit';
import {
  EMPTY_KEY_EMPLOYMENT_TERMS,
  type KeyEmploymentTerms,
  type KeyEmploymentTermsAnswer,
  type KeyEmploymentTermsBody,
  ketSections,
  missingKetItems,
} from '../../domain/kets';
import type { DbOrTx } from '../db/client';
import { employmentInfo, paymentInfo, users } from '../db/schema';
import { keyEmploymentTerms } from '../db/separation-schema';
import { notFound } from '../lib/http-error';
import { renderPdfDocument } from '../pdf/pool';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { type CompanyDefaults, companyOf } from './company';

export const USER_NOT_FOUND = 'User not found.';

const termsOf = (row: typeof keyEmploymentTerms.$inferSelect | undefined): KeyEmploymentTerms => {
  if (!row) return EMPTY_KEY_EMPLOYMENT_TERMS;
  const { id: _, userId: __, updatedAt: ___, ...terms } = row;
  return terms;
};

/** Everything a KETs document reads: the user, employment info, the basic salary and the terms. */
async function recordOf(db: DbOrTx, userId: number) {
  const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(USER_NOT_FOUND);
  const [[employment], [payment], [terms]] = await Promise.all([
    db.select().from(employmentInfo).where(eq(employmentInfo.userId, userId)),
    db
      .select({ basicSalaryCents: paymentInfo.basicSalaryCents })
      .from(paymentInfo)
      .where(eq(paymentInfo.userId, userId)),
    db.select().from(keyEmploymentTerms).where(eq(keyEmploymentTerms.userId, userId)),
  ]);
  return {
    employeeName: user.fullName,
    employment: employment ?? null,
    basicSalaryCents: payment?.basicSalaryCents ?? null,
    terms: termsOf(terms),
  };
}

/** GET /users/{id}/key-employment-terms: the terms and the items still missing (own for STAFF). */
export async function getKeyEmploymentTerms(
  db: DbOrTx,
  input: { userId: number },
): Promise<KeyEmploymentTermsAnswer> {
  const record = await recordOf(db, input.userId);
  return { ...record.terms, missing: missingKetItems(record) };
}

/** PUT /users/{id}/key-employment-terms (ADMIN): every item replaced, audited with before and after. */
export async function putKeyEmploymentTerms(
  db: DbOrTx,
  actor: Actor,
  input: { userId: number; body: KeyEmploymentTermsBody },
): Promise<KeyEmploymentTermsAnswer> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!user) throw notFound(USER_NOT_FOUND);
    const [before] = await tx
      .select()
      .from(keyEmploymentTerms)
      .where(eq(keyEmploymentTerms.userId, input.userId));
    const values = { ...EMPTY_KEY_EMPLOYMENT_TERMS, ...input.body };
    const [after] = await tx
      .insert(keyEmploymentTerms)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: keyEmploymentTerms.userId, set: values })
      .returning();
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'keyEmploymentTerms.updated',
      entity: 'user',
      entityId: input.userId,
      subjectUserId: input.userId,
      details: changedValues({ ...termsOf(before) }, { ...termsOf(after) }),
    });
  });
  return getKeyEmploymentTerms(db, input);
}

/** GET /users/{id}/kets: the KETs PDF from the stored record, naming what is missing. */
export async function ketsPdf(db: DbOrTx, input: { userId: number }, defaults: CompanyDefaults) {
  const [record, company] = await Promise.all([recordOf(db, input.userId), companyOf(db, defaults)]);
  const missing = missingKetItems(record);
  const pdf = await renderPdfDocument({
    kind: 'kets',
    data: {
      companyName: company.name,
      employeeName: record.employeeName,
      sections: ketSections({ companyName: company.name, ...record }),
      missing,
    },
  });
  return { pdf, missing, fileName: `key-employment-terms-${input.userId}.pdf` };
}

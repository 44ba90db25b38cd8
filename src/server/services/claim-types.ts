import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ClaimType, ClaimTypeBody } from '../../domain/claims';
import { amountToCents, centsToAmount } from '../../domain/money';
import { claims, claimTypes } from '../db/claim-schema';
import type { DbOrTx } from '../db/client';
import { conflict, notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';

type ClaimTypeRow = typeof claimTypes.$inferSelect;

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToAmount(cents));
const centsOrNull = (amount: number | null | undefined) => (amount == null ? null : amountToCents(amount));

export const toClaimType = (row: ClaimTypeRow): ClaimType => ({
  id: row.id,
  name: row.name,
  perClaimLimit: dollarsOrNull(row.perClaimLimitCents),
  monthlyLimit: dollarsOrNull(row.monthlyLimitCents),
  yearlyLimit: dollarsOrNull(row.yearlyLimitCents),
  receiptRequired: row.receiptRequired,
  taxable: row.taxable,
  archived: row.archivedAt !== null,
});

const columnsOf = (body: ClaimTypeBody) => ({
  name: body.name,
  perClaimLimitCents: centsOrNull(body.perClaimLimit),
  monthlyLimitCents: centsOrNull(body.monthlyLimit),
  yearlyLimitCents: centsOrNull(body.yearlyLimit),
  receiptRequired: body.receiptRequired,
  taxable: body.taxable,
});

/** The audit's view of a type: its settings, amounts in cents. */
const audited = (row: ClaimTypeRow) => ({
  name: row.name,
  perClaimLimitCents: row.perClaimLimitCents,
  monthlyLimitCents: row.monthlyLimitCents,
  yearlyLimitCents: row.yearlyLimitCents,
  receiptRequired: row.receiptRequired,
  taxable: row.taxable,
  archived: row.archivedAt !== null,
});

/** The live types by name; with `archived`, the archived ones too (their claims still name them). */
export async function listClaimTypes(db: DbOrTx, { archived = false } = {}): Promise<ClaimType[]> {
  const rows = await db
    .select()
    .from(claimTypes)
    .where(archived ? undefined : isNull(claimTypes.archivedAt))
    .orderBy(asc(claimTypes.archivedAt), asc(claimTypes.name));
  return rows.map(toClaimType);
}

const nameTaken = (name: string) => conflict(`There is already a claim type named ${name}.`);

async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  const live = await tx
    .select({ id: claimTypes.id, name: claimTypes.name })
    .from(claimTypes)
    .where(isNull(claimTypes.archivedAt));
  if (live.some((type) => type.id !== exceptId && type.name.toLowerCase() === name.toLowerCase())) {
    throw nameTaken(name);
  }
}

export async function createClaimType(db: DbOrTx, actor: Actor, body: ClaimTypeBody): Promise<ClaimType> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, body.name);
    const [row] = await tx.insert(claimTypes).values(columnsOf(body)).returning();
    if (!row) throw new Error('claim type not created');
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'claimType.created',
      entity: 'claimType',
      entityId: row.id,
      details: { before: null, after: audited(row) },
    });
    return toClaimType(row);
  });
}

async function lockType(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(claimTypes).where(eq(claimTypes.id, id)).for('update');
  if (!row) throw notFound('Claim type not found.');
  return row;
}

/** New limits apply to claims filed from now on; claims already filed keep their amounts. */
export async function updateClaimType(
  db: DbOrTx,
  actor: Actor,
  input: { id: number; body: ClaimTypeBody },
): Promise<ClaimType> {
  return db.transaction(async (tx) => {
    const before = await lockType(tx, input.id);
    if (before.archivedAt) throw conflict('This claim type is archived and can no longer be changed.');
    await assertNameFree(tx, input.body.name, before.id);
    const [after] = await tx
      .update(claimTypes)
      .set(columnsOf(input.body))
      .where(eq(claimTypes.id, before.id))
      .returning();
    if (!after) throw notFound('Claim type not found.');
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'claimType.updated',
      entity: 'claimType',
      entityId: before.id,
      details: { before: audited(before), after: audited(after) },
    });
    return toClaimType(after);
  });
}

/** A type no claim names goes; one with claims is archived, so those claims keep their type. */
export async function removeClaimType(
  db: DbOrTx,
  actor: Actor,
  { id }: { id: number },
): Promise<{ removed: 'DELETED' | 'ARCHIVED' }> {
  return db.transaction(async (tx) => {
    const before = await lockType(tx, id);
    // Filing a claim reads its type with a share lock, so no claim can arrive between this look and the delete.
    const [used] = await tx.select({ id: claims.id }).from(claims).where(eq(claims.claimTypeId, id)).limit(1);
    if (used) {
      if (!before.archivedAt) {
        await tx
          .update(claimTypes)
          .set({ archivedAt: new Date() })
          .where(and(eq(claimTypes.id, id)));
      }
    } else {
      await tx.delete(claimTypes).where(eq(claimTypes.id, id));
    }
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: used ? 'claimType.archived' : 'claimType.deleted',
      entity: 'claimType',
      entityId: id,
      details: { before: audited(before), after: used ? { ...audited(before), archived: true } : null },
    });
    return { removed: used ? 'ARCHIVED' : 'DELETED' };
  });
}

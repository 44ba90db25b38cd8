import { asc, inArray } from 'drizzle-orm';
import { type ReleasedPayment, releasesMonth } from '../../domain/ir21';
import { centsToAmount } from '../../domain/money';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { ir21ReleasedPayments } from '../db/separation-schema';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { withholdingOf } from './ir21';
import type { Period } from './payroll/repository';

/**
 * Payments released by IRAS's IR21 clearance (issue 35 item 5): a month's payslips that were withheld
 * from its bank file and are now cleared. The bank file of released payments pays only these, so an
 * officer who already uploaded the month's file does not pay everyone else twice.
 */

interface PayRow {
  payslipId: number;
  userId: number;
  name: string;
  netPayableCents: number;
}

/** The month's rows whose payment is released (a payment of nothing is none), with the clearance. */
export async function releasedRows<T extends PayRow>(db: DbOrTx, period: Period, rows: readonly T[]) {
  const terms = await withholdingOf(
    db,
    rows.map((row) => row.userId),
  );
  const clearance = new Map(
    terms
      .filter((t) => releasesMonth(t, period.year, period.month))
      .map((t) => [t.userId, { clearedOn: t.ir21ClearedOn ?? '', reference: t.ir21Reference ?? '' }]),
  );
  return rows.flatMap((row) => {
    const cleared = clearance.get(row.userId);
    return cleared && row.netPayableCents !== 0 ? [{ ...row, ...cleared }] : [];
  });
}

/** The summary's list: each released payment and the day its file of released payments was last made. */
export async function releasedPayments(
  db: DbOrTx,
  period: Period,
  rows: readonly PayRow[],
): Promise<ReleasedPayment[]> {
  const released = await releasedRows(db, period, rows);
  if (released.length === 0) return [];
  const files = await db
    .select({ payslipId: ir21ReleasedPayments.payslipId, fileOn: ir21ReleasedPayments.fileOn })
    .from(ir21ReleasedPayments)
    .where(
      inArray(
        ir21ReleasedPayments.payslipId,
        released.map((row) => row.payslipId),
      ),
    );
  const fileOn = new Map(files.map((file) => [file.payslipId, file.fileOn]));
  return released.map((row) => ({
    userId: row.userId,
    name: row.name,
    netPay: centsToAmount(row.netPayableCents),
    clearedOn: row.clearedOn,
    reference: row.reference,
    fileDownloadedOn: fileOn.get(row.payslipId) ?? null,
  }));
}

/**
 * Records that a bank file of released payments was made for these payslips, audited with the file, in
 * one transaction. The employees' rows are locked first (in id order), as every change of theirs does.
 */
export async function recordReleasedFile(
  db: DbOrTx,
  actor: Actor,
  input: {
    period: Period;
    fileOn: string;
    fileName: string;
    rows: readonly PayRow[];
    details: Record<string, unknown>;
  },
) {
  const userIds = [...new Set(input.rows.map((row) => row.userId))];
  await db.transaction(async (tx) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, userIds))
      .orderBy(asc(users.id))
      .for('update');
    for (const row of input.rows) {
      const values = {
        payslipId: row.payslipId,
        fileOn: input.fileOn,
        fileName: input.fileName,
        madeBy: actor.id,
      };
      await tx
        .insert(ir21ReleasedPayments)
        .values(values)
        .onConflictDoUpdate({
          target: ir21ReleasedPayments.payslipId,
          set: { fileOn: values.fileOn, fileName: values.fileName, madeBy: actor.id, updatedAt: new Date() },
        });
    }
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'bankFile.downloaded',
      entity: 'payroll',
      entityId: `${input.period.year}-${input.period.month}`,
      details: { ...input.details, fileName: input.fileName, payments: 'released', released: userIds },
    });
  });
}

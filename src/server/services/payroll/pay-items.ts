import { and, asc, count, eq, sql } from 'drizzle-orm';
import { changedValues } from '../../../domain/audit';
import { amountToCents, centsToAmount } from '../../../domain/money';
import {
  DEFAULT_TREATMENT_CHOICE,
  GENERATED_PAY_ITEM_TYPES,
  hasTreatmentChoice,
  type PayItemKind,
  type PayItemSource,
  payItemTypesByKind,
} from '../../../domain/payroll';
import {
  MAX_PAYSLIP_AMOUNT,
  type PayItem,
  type PayItemCreate,
  type PayslipDetail,
  payslipTooLargeMessage,
  type SnapshotUpdate,
} from '../../../domain/payslips';
import type { DbOrTx, Tx } from '../../db/client';
import { payItems, payslips } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { Actor } from '../actor';
import { writeAudit } from '../audit';
import { openPayrollPeriod } from './period-rows';
import { readPayslip } from './queries';
import {
  assertPayslipAllows,
  findPayslip,
  type PayItemRow,
  type Period,
  periodLabel,
  processedMessage,
} from './repository';
import { syncSeparationPayItems } from './separation-items';
import { movePayslips } from './status';
import { syncTimesheetPayItems } from './timesheet-items';

const CLAIM_SOURCE: PayItemSource = 'CLAIM';

/** Changes to an open payslip: its pay items and its Payment Information Used (spec section 4). */

const toApiItem = (item: PayItemRow): PayItem => ({
  id: item.id,
  type: item.type,
  amount: centsToAmount(item.amountCents),
  treatment: item.treatment,
  // Only a generated item says where it came from and its hours; a typed one answers as the spec's.
  ...(item.source ? { hours: item.hours, source: item.source } : {}),
});

/** Refuses a change that would take the payslip's salary and items past MAX_PAYSLIP_AMOUNT (field: the amount changed). */
async function assertWithinPayslipMaximum(tx: Tx, payslipId: number, otherCents: number, field: string) {
  const [items] = await rowsOf<{ cents: string | number }>(
    tx,
    sql`select coalesce(sum(abs(amount_cents)), 0)::bigint as cents from pay_items where payslip_id = ${payslipId}`,
  );
  if (Number(items?.cents ?? 0) + otherCents > amountToCents(MAX_PAYSLIP_AMOUNT)) {
    throw badRequest(payslipTooLargeMessage, { code: 'PAYSLIP_TOO_LARGE', field });
  }
}

/** POST /<kind>-items: adds an item; the payslip moves to ITEMS_ADDED (409 once processed). */
export async function addPayItem(
  db: DbOrTx,
  actor: Actor,
  input: PayItemCreate & { kind: PayItemKind },
): Promise<PayItem> {
  const { kind } = input;
  const types: readonly string[] = payItemTypesByKind[kind];
  if (GENERATED_PAY_ITEM_TYPES.includes(input.type))
    throw badRequest('Expense claims join the payslip when they are approved; they cannot be typed.', {
      code: 'PAY_ITEM_TYPE_GENERATED',
      field: 'type',
    });
  if (!types.includes(input.type))
    throw badRequest(`${input.type} is not a type of this kind of item.`, {
      code: 'PAY_ITEM_TYPE_OF_OTHER_KIND',
      field: 'type',
    });
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payslips).where(eq(payslips.id, input.payslipId)).for('update');
    if (!row) throw notFound('Payslip not found.');
    if (row.userId !== input.userId || row.year !== input.year || row.month !== input.month) {
      throw badRequest('The payslip does not belong to this employee and month.', {
        code: 'PAYSLIP_OF_OTHER_EMPLOYEE',
        field: 'payslipId',
      });
    }
    assertPayslipAllows(row, { type: 'payItem.add' }, processedMessage(row));
    await assertWithinPayslipMaximum(
      tx,
      row.id,
      row.basicSalarySnapshotCents + amountToCents(input.amount),
      'amount',
    );
    const [item] = await tx
      .insert(payItems)
      .values({
        payslipId: row.id,
        kind,
        type: input.type,
        amountCents: amountToCents(input.amount),
        // The schema refused a treatment for a type treated one way; a type paid either way always has one.
        treatment: hasTreatmentChoice(input.type) ? (input.treatment ?? DEFAULT_TREATMENT_CHOICE) : null,
        createdById: actor.id,
      })
      .returning();
    if (!item) throw new Error('pay item not inserted');
    const [moved] = await movePayslips(tx, { type: 'payItem.add' }, { where: sql`p.id = ${row.id}` });
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payItem.added',
      entity: 'payslip',
      entityId: row.id,
      subjectUserId: row.userId,
      details: {
        itemId: item.id,
        kind,
        before: { status: row.status, item: null },
        after: {
          status: moved?.status ?? row.status,
          item: { type: item.type, amountCents: item.amountCents, treatment: item.treatment },
        },
      },
    });
    return toApiItem(item);
  });
}

/** DELETE /<kind>-items/{id}: removes an item; the last one takes the payslip back to UNPROCESSED. */
export async function removePayItem(
  db: DbOrTx,
  actor: Actor,
  { kind, id: itemId }: { kind: PayItemKind; id: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ payslipId: payItems.payslipId })
      .from(payItems)
      .where(and(eq(payItems.id, itemId), eq(payItems.kind, kind)));
    if (!found) throw notFound('Pay item not found.');
    const [row] = await tx.select().from(payslips).where(eq(payslips.id, found.payslipId)).for('update');
    // Re-read under the payslip's lock: a concurrent removal may have taken it already.
    const [item] = await tx.select().from(payItems).where(eq(payItems.id, itemId));
    if (!row || !item) throw notFound('Pay item not found.');
    // An approved claim's item is the claim's: it leaves the payslip only with the claim.
    if (item.source === CLAIM_SOURCE)
      throw conflict('This item pays an approved expense claim; it cannot be removed by hand.', {
        code: 'PAY_ITEM_OF_CLAIM',
      });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(payItems)
      .where(eq(payItems.payslipId, row.id));
    const event = { type: 'payItem.remove', itemsLeft: n - 1 } as const;
    assertPayslipAllows(row, event, processedMessage(row));
    await tx.delete(payItems).where(eq(payItems.id, itemId));
    const [moved] = await movePayslips(tx, event, { where: sql`p.id = ${row.id}` });
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payItem.removed',
      entity: 'payslip',
      entityId: row.id,
      subjectUserId: row.userId,
      details: {
        itemId,
        kind,
        before: {
          status: row.status,
          item: { type: item.type, amountCents: item.amountCents, treatment: item.treatment },
        },
        after: { status: moved?.status ?? row.status, item: null },
      },
    });
  });
}

/** GET /users/{userId}/<kind>-items?month&year: the items of one kind on the employee's payslip. */
export async function listPayItems(
  db: DbOrTx,
  { kind, userId, year, month }: Period & { kind: PayItemKind; userId: number },
): Promise<PayItem[]> {
  const rows = await db
    .select({ item: payItems })
    .from(payItems)
    .innerJoin(payslips, eq(payslips.id, payItems.payslipId))
    .where(
      and(
        eq(payslips.userId, userId),
        eq(payslips.year, year),
        eq(payslips.month, month),
        eq(payItems.kind, kind),
      ),
    )
    .orderBy(asc(payItems.createdAt), asc(payItems.id));
  return rows.map((row) => toApiItem(row.item));
}

/**
 * PUT /payslips/{userId}/{year}/{month}: Payment Information Used, until the payslip is processed;
 * answers the payslip as it now stands.
 */
export async function updateSnapshot(
  db: DbOrTx,
  actor: Actor,
  input: Period & { userId: number } & SnapshotUpdate,
): Promise<PayslipDetail> {
  const { userId, year, month } = input;
  await db.transaction(async (tx) => {
    await openPayrollPeriod(tx, year, month, userId);
    const row = await findPayslip(tx, userId, { year, month }, true);
    if (!row) throw notFound(`No payslip for this employee in ${periodLabel(year, month)}.`);
    const event = { type: 'snapshot.edit' } as const;
    assertPayslipAllows(row, event, processedMessage(row));
    await assertWithinPayslipMaximum(
      tx,
      row.id,
      amountToCents(input.basicSalarySnapshot),
      'basicSalarySnapshot',
    );
    const values = {
      basicSalarySnapshotCents: amountToCents(input.basicSalarySnapshot),
      employeeCpfRateSnapshot: input.employeeCpfRateSnapshot,
      employerCpfRateSnapshot: input.employerCpfRateSnapshot,
      selfHelpGroupSnapshot: input.selfHelpGroupSnapshot,
    };
    await tx.update(payslips).set(values).where(eq(payslips.id, row.id));
    await movePayslips(tx, event, { where: sql`p.id = ${row.id}` });
    // Overtime and a leaver's month are paid on the basic: their items follow a new one.
    let separationItems = null;
    if (values.basicSalarySnapshotCents !== row.basicSalarySnapshotCents) {
      await syncTimesheetPayItems(tx, { userId, year, month });
      separationItems = await syncSeparationPayItems(tx, { userId, year, month });
    }
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'payslip.snapshot.updated',
      entity: 'payslip',
      entityId: row.id,
      subjectUserId: row.userId,
      details: {
        ...changedValues(
          {
            basicSalarySnapshotCents: row.basicSalarySnapshotCents,
            employeeCpfRateSnapshot: row.employeeCpfRateSnapshot,
            employerCpfRateSnapshot: row.employerCpfRateSnapshot,
            selfHelpGroupSnapshot: row.selfHelpGroupSnapshot,
          },
          values,
        ),
        // A leaver's prefill rewritten on the new basic (issue 35 item 3).
        ...(separationItems && { separationItems }),
      },
    });
  });
  return readPayslip(db, userId, { year, month });
}

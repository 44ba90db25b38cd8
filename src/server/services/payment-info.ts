import { eq } from 'drizzle-orm';
import { changedValues } from '../../domain/audit';
import type { PaymentInfo, PaymentInfoBody } from '../../domain/payment-info';
import type { DbOrTx } from '../db/client';
import { paymentInfo } from '../db/schema';
import { notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { amountToCents, toPaymentInfo } from './staff-records';

export const PAYMENT_INFO_NOT_FOUND = 'Payment information not found.';

/** GET /users/{id}/payment-info: STAFF read their own (salary and rates read-only), ADMIN anyone's. */
export async function getPaymentInfo(db: DbOrTx, input: { userId: number }): Promise<PaymentInfo> {
  const [row] = await db.select().from(paymentInfo).where(eq(paymentInfo.userId, input.userId));
  if (!row) throw notFound(PAYMENT_INFO_NOT_FOUND);
  return toPaymentInfo(row);
}

/** The body as database columns: money in cents. */
export const paymentInfoColumns = (body: PaymentInfoBody) => ({
  basicSalaryCents: amountToCents(body.basicSalary),
  employeeCpfRate: body.employeeCpfContributionRate,
  employerCpfRate: body.employerCpfContributionRate,
  cpfType: body.cpfType,
  cpfSection: body.cpfSection,
  selfHelpGroup: body.selfHelpGroup,
  bankName: body.bankName,
  bankCode: body.bankCode,
  branchCode: body.branchCode,
  accountNo: body.accountNo,
});

/** PATCH /payment-info/{id} (the record's id), ADMIN only. Existing payslips keep their snapshots. */
export async function updatePaymentInfo(
  db: DbOrTx,
  actor: Actor,
  input: { id: number; body: PaymentInfoBody },
): Promise<PaymentInfo> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentInfo).where(eq(paymentInfo.id, input.id)).for('update');
    if (!before) throw notFound(PAYMENT_INFO_NOT_FOUND);
    const [after] = await tx
      .update(paymentInfo)
      .set(paymentInfoColumns(input.body))
      .where(eq(paymentInfo.id, input.id))
      .returning();
    if (!after) throw notFound(PAYMENT_INFO_NOT_FOUND);
    // The stored columns (salary in cents) that changed; writeAudit masks the account number.
    const audited = ({ id: _, userId: __, updatedAt: ___, ...columns }: typeof before) => columns;
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'paymentInfo.updated',
      entity: 'user',
      entityId: before.userId,
      subjectUserId: before.userId,
      details: {
        ...changedValues(audited(before), audited(after)),
        accountNoChanged: before.accountNo !== after.accountNo,
      },
    });
    return toPaymentInfo(after);
  });
}

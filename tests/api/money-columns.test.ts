import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payItems, payslips } from '../../src/server/db/schema';
import { createTestApp, createUser, type TestApp } from './harness';

// Money is integer cents in 64-bit columns: a company's or a year's figures pass the 32-bit limit
// ($21,474,836.47), where a 32-bit column answered a bare data error.
const BEYOND_32_BITS = 2 ** 31 + 12_345; // $21,474,959.93 in cents

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('money columns', () => {
  it('keep cents beyond 32 bits exactly, as numbers', async () => {
    const user = await createUser(t);
    const [payslip] = await t.db
      .insert(payslips)
      .values({
        userId: user.id,
        year: 2026,
        month: 1,
        status: 'UNPROCESSED',
        basicSalarySnapshotCents: BEYOND_32_BITS,
        grossPayCents: BEYOND_32_BITS * 3,
        netPayableCents: BEYOND_32_BITS * 2,
      })
      .returning();
    if (!payslip) throw new Error('payslip not stored');
    await t.db.insert(payItems).values({
      payslipId: payslip.id,
      kind: 'BONUS',
      type: 'BONUS',
      amountCents: BEYOND_32_BITS,
    });
    const [stored] = await t.db.select().from(payslips).where(eq(payslips.id, payslip.id));
    expect(stored?.basicSalarySnapshotCents).toBe(2_147_495_993);
    expect(stored?.grossPayCents).toBe(6_442_487_979);
    expect(stored?.netPayableCents).toBe(4_294_991_986);
    const [item] = await t.db.select().from(payItems).where(eq(payItems.payslipId, payslip.id));
    expect(item?.amountCents).toBe(2_147_495_993);
  });
});

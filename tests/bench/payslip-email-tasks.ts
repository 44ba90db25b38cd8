import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { payslips } from '../../src/server/db/schema';
import { payslipPdf } from '../../src/server/services/payroll/documents';
import { EMPLOYEES, PERIOD } from './payroll-tasks';

export { addPayItems, addPayItemsMonthBefore, setUp } from './payroll-tasks';

// The e-mail bench's work in the server's process (tests/bench/server-process.ts runs these by name).

/** As many at once as the workers send (SENDS_AT_ONCE in src/server/services/payroll/emails.ts). */
const AT_ONCE = 6;

/**
 * The floor: the month's payslip PDFs drawn as the sends draw them (the same service, as many at once),
 * sent nowhere. Answers the time in milliseconds and how many were drawn.
 */
export async function renderAll(database: Database) {
  const ids = (
    await database.db
      .select({ id: payslips.id })
      .from(payslips)
      .where(and(eq(payslips.year, PERIOD.year), eq(payslips.month, PERIOD.month)))
  ).map((row) => row.id);
  if (ids.length !== EMPLOYEES) throw new Error(`${ids.length} payslips to draw`);
  const started = performance.now();
  let next = 0;
  const actor = { id: 1, role: 'ADMIN' as const };
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < ids.length) {
        const id = ids[next++] as number;
        await payslipPdf(database.db, actor, { id }, { companyName: 'Bench Company Pte. Ltd.' });
      }
    }),
  );
  return { ms: performance.now() - started, drawn: ids.length };
}

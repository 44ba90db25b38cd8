import type { Db } from '../../src/server/db/client';
import { startJobQueue } from '../../src/server/jobs/queue';
import { DEFAULT_SEND_POLICY, workPayslipEmails } from '../../src/server/services/payroll/emails';
import { openTestDatabase, testDatabaseKind } from './harness';

/**
 * Issue 16: processes started together on one PostgreSQL each set up the e-mail queue; pg-boss's
 * creation of one queue by two at once can deadlock, and a process that lost it failed to start.
 */
it.skipIf(testDatabaseKind !== 'postgres')(
  'lets several processes set up the job queue at the same moment',
  async () => {
    const database = await openTestDatabase();
    const queues = [];
    try {
      const deps = {
        db: database.db as Db,
        mailer: { send: () => Promise.resolve() },
        company: { companyName: 'Test' },
        log: { warn() {}, error() {}, info() {} } as never,
        policy: DEFAULT_SEND_POLICY,
      };
      for (let i = 0; i < 4; i += 1) queues.push(await startJobQueue(database.queueTarget, () => {}));
      await Promise.all(queues.map((queue) => workPayslipEmails(queue, deps)));
      expect(await queues[0]?.getQueue('payslip-email')).toMatchObject({ name: 'payslip-email' });
    } finally {
      for (const queue of queues) await queue.stop({ graceful: false, wait: true });
      await database.close();
    }
  },
  120_000,
);

import { expect } from 'vitest';
import { setup } from 'xstate';
import type { caller } from '../api/payroll-fixtures';
import { apiShows } from '../machines/spec-api-walk';
import { monthName } from './calendar-words';

/**
 * A month's pay run as two administrators meet it through the API, from issue 39 items 1-2: "POST
 * .../submit (after processing), POST .../approve and POST .../reject {reason} (ADMIN; the approver must
 * not be the one who submitted)"; "Until the month is APPROVED: the bank files ... answer 409 saying the
 * month awaits approval"; "revert is possible (it reopens the run). After approval, revert needs the run
 * reopened by an administrator with a reason". The maker processed the month; the checker is the other
 * administrator.
 */
export type PayRunWalkEvent =
  | { type: 'maker.submits' }
  | { type: 'maker.approvesOwn' }
  | { type: 'checker.approves' }
  | { type: 'checker.rejects' }
  | { type: 'admin.reopens' }
  /** Reverts the month's payslip and processes it again. */
  | { type: 'maker.changesPayslips' };

export interface PayRunWorld {
  maker: ReturnType<typeof caller>;
  checker: ReturnType<typeof caller>;
  userId: number;
  year: number;
  month: number;
}

export const runUrl = (w: PayRunWorld) => `/pay-runs/${w.year}/${w.month}`;

const stored = (status: 'OPEN' | 'SUBMITTED' | 'APPROVED') =>
  apiShows<PayRunWorld>(async (w) => {
    const run = await w.checker.get(runUrl(w));
    expect(run.status).toBe(200);
    expect((run.body as { status: string }).status, 'the stored status').toBe(status);
    const file = await w.maker.get(`/payslips/bank-file?year=${w.year}&month=${w.month}&bank=UOB`);
    if (status === 'APPROVED') {
      expect(file.status, 'the bank file, once approved').toBe(200);
    } else {
      expect(file.status, 'the bank file, before approval').toBe(409);
      expect((file.body as { message: string }).message).toBe(
        `The pay run for ${monthName(w.month)} ${w.year} awaits approval.`,
      );
    }
  });

export const payRunLifecycleModel = setup({
  types: { events: {} as PayRunWalkEvent },
}).createMachine({
  id: 'payRunLifecycleModel',
  initial: 'open',
  states: {
    open: {
      meta: stored('OPEN'),
      on: { 'maker.submits': 'submitted', 'maker.changesPayslips': 'open' },
    },
    submitted: {
      meta: stored('SUBMITTED'),
      on: {
        // Refused: the submitter cannot approve.
        'maker.approvesOwn': 'submitted',
        'checker.approves': 'approved',
        'checker.rejects': 'open',
        'maker.changesPayslips': 'open',
      },
    },
    approved: {
      meta: stored('APPROVED'),
      on: {
        // Refused until reopened.
        'maker.changesPayslips': 'approved',
        'admin.reopens': 'open',
      },
    },
  },
});

import { createMachine } from 'xstate';

/**
 * The pay run on Process Pay, from issue 39's words: "the Process Pay screen shows the run's state and
 * Submit"; "POST .../submit (after processing)"; "Approval is on when the company has two or more
 * administrators, and can be turned off ...; with one administrator it is off and the spec's flow is
 * unchanged". Written without the app's machine: the walk checks the panel against this.
 */
export const payRunModel = createMachine({
  id: 'payRunModel',
  initial: 'processPayOpened',
  states: {
    processPayOpened: {
      on: {
        'server.processedOpen': 'openWithSubmit',
        'server.nothingProcessed': 'openWithoutSubmit',
        'server.approvalOff': 'approvalOff',
        'server.submitted': 'submitted',
        'server.approved': 'approved',
      },
    },
    openWithSubmit: {
      on: { 'admin.submits': 'submitted', 'admin.submitsButRefused': 'refused' },
    },
    openWithoutSubmit: { type: 'final' },
    approvalOff: { type: 'final' },
    submitted: { type: 'final' },
    approved: { type: 'final' },
    refused: { type: 'final' },
  },
});

type Person = { id: number; name: string };
const FIRST: Person = { id: 1, name: 'Ada Admin' };
const SECOND: Person = { id: 2, name: 'Ben Checker' };

/** A run as GET /api/pay-runs/{year}/{month} answers it (issue 39 item 1). */
export function runAnswer(
  status: 'OPEN' | 'SUBMITTED' | 'APPROVED',
  options: { approvalRequired?: boolean; headcount?: number } = {},
) {
  const headcount = options.headcount ?? 3;
  return {
    year: 2026,
    month: 3,
    status,
    approvalRequired: options.approvalRequired ?? true,
    submittedBy: status === 'OPEN' ? null : FIRST,
    submittedAt: status === 'OPEN' ? null : '2026-03-26T02:00:00.000Z',
    approvedBy: status === 'APPROVED' ? SECOND : null,
    approvedAt: status === 'APPROVED' ? '2026-03-27T02:00:00.000Z' : null,
    rejectedReason: null,
    reopenedReason: null,
    totals: {
      gross: 12_000,
      employeeCpf: 2400,
      employerCpf: 2040,
      shg: 0,
      sdl: 30,
      netPayable: 9600,
      headcount,
    },
    variance: [],
    varianceTotals: {
      headcount: { current: headcount, previous: headcount },
      gross: { current: 12_000, previous: 12_000 },
      cpf: { current: 4440, previous: 4440 },
      net: { current: 9600, previous: 9600 },
    },
  };
}

export const PEOPLE = { FIRST, SECOND };

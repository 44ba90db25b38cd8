import { createMachine } from 'xstate';

/**
 * The Approvals view, from issue 39's words: "an Approvals view shows what awaits this administrator
 * (pay runs, and the leave ... that need another administrator)"; "POST .../approve and POST .../reject
 * {reason} (ADMIN; the approver must not be the one who submitted)"; the variance report "per
 * employee, this month against last month ..., flags for a change over 20%, joiners, leavers, first
 * pay". Written without the app's machine: the walk checks the screen against this.
 */
export const approvalsModel = createMachine({
  id: 'approvalsModel',
  initial: 'opened',
  states: {
    opened: {
      on: { 'server.runAwaits': 'runShown', 'server.nothingAwaits': 'nothingAwaits' },
    },
    nothingAwaits: { type: 'final' },
    runShown: {
      on: {
        'admin.approves': 'approved',
        'admin.approvesButRefused': 'refused',
        'admin.rejectsWithoutReason': 'reasonAsked',
        'admin.rejectsWithReason': 'rejected',
      },
    },
    reasonAsked: { on: { 'admin.givesReason': 'rejected' } },
    approved: { type: 'final' },
    refused: { type: 'final' },
    rejected: { type: 'final' },
  },
});

type Person = { id: number; name: string };
const SUBMITTER: Person = { id: 1, name: 'Ada Admin' };

/**
 * A submitted March as GET /api/pay-runs/awaiting lists it: one employee up 25% on February, a joiner
 * paid for the first time. Amounts in dollars, written by hand.
 */
export const submittedMarch = {
  year: 2026,
  month: 3,
  status: 'SUBMITTED' as const,
  approvalRequired: true,
  submittedBy: SUBMITTER,
  submittedAt: '2026-03-26T02:00:00.000Z',
  approvedBy: null,
  approvedAt: null,
  rejectedReason: null,
  reopenedReason: null,
  totals: {
    gross: 9000,
    employeeCpf: 1800,
    employerCpf: 1530,
    shg: 0,
    sdl: 22.5,
    netPayable: 7200,
    headcount: 2,
  },
  variance: [
    {
      userId: 11,
      name: 'Priya Raman',
      gross: { current: 5000, previous: 4000 },
      cpf: { current: 1850, previous: 1480 },
      net: { current: 4000, previous: 3200 },
      flags: ['CHANGE_OVER_20' as const],
    },
    {
      userId: 12,
      name: 'Nur Aisyah',
      gross: { current: 4000, previous: null },
      cpf: { current: 1480, previous: null },
      net: { current: 3200, previous: null },
      flags: ['JOINER' as const, 'FIRST_PAY' as const],
    },
  ],
  varianceTotals: {
    headcount: { current: 2, previous: 1 },
    gross: { current: 9000, previous: 4000 },
    cpf: { current: 3330, previous: 1480 },
    net: { current: 7200, previous: 3200 },
  },
};

/**
 * The claims part of the Approvals view, from the words of issue 39 item 4 ("an Approvals view shows
 * what awaits this administrator (pay runs, and the leave and claims that need another administrator)")
 * and issue 37 item 2 ("POST /api/claims/{id}/decision ... never one's own: another administrator
 * decides"): pending claims of others are listed, one's own are not; one is reviewed in the sheet and
 * approved or rejected, after which it no longer awaits anyone.
 */
export const approvalsClaimsModel = createMachine({
  id: 'approvalsClaimsModel',
  initial: 'opened',
  states: {
    opened: {
      on: { 'server.claimsAwait': 'listed', 'server.noClaimAwaits': 'noClaim' },
    },
    noClaim: { type: 'final' },
    listed: { on: { 'admin.reviewsClaim': 'reviewing' } },
    reviewing: {
      on: {
        'admin.closesSheet': 'stillListed',
        'admin.approvesClaim': 'decided',
        'admin.rejectsClaim': 'decided',
      },
    },
    stillListed: { type: 'final' },
    decided: { type: 'final' },
  },
});

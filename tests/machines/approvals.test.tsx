import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import type { LeaveRequest } from '../../src/domain/leave';
import { approvalsClaimsModel, approvalsModel, submittedMarch } from '../models/approvals.model';
import { findOpen } from '../models/leave-dom';
import { getOf, type RecordedRequest } from './fake-server';
import { people } from './fixtures';
import { renderApp, settle, signedIn, useAppHarness } from './harness';
import { leavePage, pendingWithPdf } from './leave-fixtures';

// The Approvals view walked along every path of its model (tests/models/approvals.model.ts), in the
// whole app at /admin/approvals with the API answered by the fake server.

const mine: LeaveRequest = {
  ...pendingWithPdf,
  id: 77,
  userId: people.admin.id,
  user: { id: people.admin.id, fullName: people.admin.fullName, email: people.admin.email },
};
const refusal = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'The administrator who submitted the pay run cannot approve or reject it.',
};

const paths = getSimplePaths(approvalsModel, {
  events: [
    { type: 'server.runAwaits' },
    { type: 'server.nothingAwaits' },
    { type: 'admin.approves' },
    { type: 'admin.approvesButRefused' },
    { type: 'admin.rejectsWithoutReason' },
    { type: 'admin.rejectsWithReason' },
    { type: 'admin.givesReason' },
  ],
});

type ClaimRow = ReturnType<typeof claimOf>;
const claimOf = (id: number, user: { id: number; fullName: string; email: string }, amount: number) => ({
  id,
  status: 'PENDING',
  claimTypeId: 1,
  type: 'Transport',
  date: '2026-03-03',
  amount,
  description: 'Taxi to the client',
  receiptKey: null,
  userId: user.id,
  user,
  decidedById: null,
  decisionReason: null,
  createdAt: '2026-03-03T01:00:00.000Z',
  updatedAt: '2026-03-03T01:00:00.000Z',
});
const claimPage = (rows: ClaimRow[]) => ({
  data: rows,
  currentPage: 1,
  pageSize: 100,
  total: rows.length,
  totalPages: 1,
  counts: { PENDING: rows.length, APPROVED: 0, REJECTED: 0, PAID: 0, TOTAL: rows.length },
});
const staffMember = { id: people.staff.id, fullName: people.staff.fullName, email: people.staff.email };
const adminMe = { id: people.admin.id, fullName: people.admin.fullName, email: people.admin.email };

// The sheet stays in the document while it closes: an open one says so.
const claimSheet = () => findOpen('dialog', 'Claim Details');

const runRegion = () => screen.queryByRole('region', { name: /^pay run march 2026$/i });
const posts = (requests: readonly RecordedRequest[], action: string) =>
  requests.filter((r) => r.method === 'POST' && r.path === `/api/pay-runs/2026/3/${action}`);

describe('the Approvals view, walked from its model (issue 39 items 3-4)', () => {
  useAppHarness();

  const walks = paths
    .map((path) => path.steps.map((step) => step.event.type).filter((t) => !t.startsWith('xstate.')))
    .filter((events) => events.length > 0);

  it('walks every simple path of the model', () => {
    expect(walks.length).toBe(7);
  });

  for (const events of walks) {
    it(events.join(' → '), async () => {
      const [arrival, action, next] = events;
      let awaiting = arrival === 'server.runAwaits' ? [submittedMarch] : [];
      const { server, user } = await renderApp({
        path: '/admin/approvals',
        storage: signedIn(people.admin as never),
        prepare: (s) => {
          s.autoAnswer(getOf('/api/pay-runs/awaiting'), 200, () => awaiting);
          s.autoAnswer(getOf('/api/leave-requests'), 200, leavePage([pendingWithPdf, mine]));
          s.autoAnswer(getOf('/api/claims'), 200, claimPage([]));
          s.autoAnswer(
            (r) => r.method === 'POST' && r.path === '/api/pay-runs/2026/3/approve',
            action === 'admin.approvesButRefused' ? 403 : 200,
            () => {
              if (action === 'admin.approvesButRefused') return refusal;
              awaiting = [];
              return { ...submittedMarch, status: 'APPROVED' };
            },
          );
          s.autoAnswer(
            (r) => r.method === 'POST' && r.path === '/api/pay-runs/2026/3/reject',
            200,
            () => {
              awaiting = [];
              return { ...submittedMarch, status: 'OPEN', rejectedReason: 'Check the allowances' };
            },
          );
        },
      });
      await settle();

      // The pending leave of others shows; the caller's own request is another administrator's.
      const leave = screen.getByRole('table', { name: /pending leave/i });
      expect(within(leave).getByText(pendingWithPdf.user.fullName)).toBeInTheDocument();
      expect(within(leave).queryByText(people.admin.fullName)).toBeNull();
      const leaveQuery = server.requests.find((r) => r.path === '/api/leave-requests')?.query;
      expect(leaveQuery?.get('status')).toBe('PENDING');

      if (arrival === 'server.nothingAwaits') {
        expect(runRegion()).toBeNull();
        expect(screen.queryByRole('button', { name: /^approve$/i })).toBeNull();
        return;
      }

      const region = runRegion() as HTMLElement;
      expect(region).not.toBeNull();
      // The variance: this month against last month, with flags.
      const table = within(region).getByRole('table');
      const raised = within(table).getByText('Priya Raman').closest('[role="row"]') as HTMLElement;
      // Gross last month then this month, CPF, net: $4,000 to $5,000, $1,480 to $1,850, $3,200 to $4,000.
      const cells = within(raised)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .join('|');
      expect(cells).toContain('4,000.00|5,000.00|1,480.00|1,850.00|3,200.00|4,000.00');
      expect(within(raised).getByText(/change over 20%/i)).toBeInTheDocument();
      const joiner = within(table).getByText('Nur Aisyah').closest('[role="row"]') as HTMLElement;
      expect(within(joiner).getByText(/joiner/i)).toBeInTheDocument();
      expect(within(joiner).getByText(/first pay/i)).toBeInTheDocument();
      expect(within(region).getByText(/ada admin/i)).toBeInTheDocument();
      if (!action) return;

      if (action === 'admin.approves' || action === 'admin.approvesButRefused') {
        await user.click(within(region).getByRole('button', { name: /^approve$/i }));
        await settle();
        expect(posts(server.requests, 'approve')).toHaveLength(1);
        if (action === 'admin.approves') {
          expect(runRegion()).toBeNull();
        } else {
          // The server's reason shows; the run is read again and still awaits.
          expect(screen.getByText(refusal.message)).toBeInTheDocument();
          expect(runRegion()).not.toBeNull();
        }
        return;
      }

      // Reject: a dialog asks the reason.
      await user.click(within(region).getByRole('button', { name: /^reject$/i }));
      await settle();
      const dialog = screen.getByRole('dialog', { name: /reject/i });
      const reason = within(dialog).getByRole('textbox', { name: /reason/i });
      const submit = within(dialog).getByRole('button', { name: /^reject$/i });
      if (action === 'admin.rejectsWithoutReason') {
        await user.click(submit);
        await settle();
        // A reason is required: it complains beside the field and nothing is sent.
        expect(reason).toHaveAttribute('aria-invalid', 'true');
        expect(posts(server.requests, 'reject')).toHaveLength(0);
        if (next !== 'admin.givesReason') return;
      }
      await user.type(reason, 'Check the allowances');
      await user.click(submit);
      await settle();
      const [sent] = posts(server.requests, 'reject');
      expect(sent?.body).toEqual({ reason: 'Check the allowances' });
      expect(runRegion()).toBeNull();
    });
  }
});

const claimPaths = getSimplePaths(approvalsClaimsModel, {
  events: [
    { type: 'server.claimsAwait' },
    { type: 'server.noClaimAwaits' },
    { type: 'admin.reviewsClaim' },
    { type: 'admin.closesSheet' },
    { type: 'admin.approvesClaim' },
    { type: 'admin.rejectsClaim' },
  ],
});

describe('the Approvals view, its claims walked from their model (issue 39 item 4, issue 37 item 2)', () => {
  useAppHarness();

  const walks = claimPaths
    .map((path) => path.steps.map((step) => step.event.type).filter((t) => !t.startsWith('xstate.')))
    .filter((events) => events.length > 0);

  it('walks every simple path of the model', () => {
    expect(walks.length).toBe(6);
  });

  for (const events of walks) {
    it(events.join(' → '), async () => {
      const others = claimOf(31, staffMember, 12.5);
      const own = claimOf(32, adminMe, 8);
      // The server answers what a pending filter asks: the caller's own pending claim among them.
      let pending = events[0] === 'server.claimsAwait' ? [others, own] : [own];
      const { server, user } = await renderApp({
        path: '/admin/approvals',
        storage: signedIn(people.admin as never),
        prepare: (s) => {
          s.autoAnswer(getOf('/api/pay-runs/awaiting'), 200, []);
          s.autoAnswer(getOf('/api/leave-requests'), 200, leavePage([]));
          s.autoAnswer(getOf('/api/claims'), 200, () => claimPage(pending));
          s.autoAnswer(getOf('/api/claim-types'), 200, []);
          s.autoAnswer(
            (r) => r.method === 'POST' && r.path === `/api/claims/${others.id}/decision`,
            200,
            (r: RecordedRequest) => {
              pending = [own];
              const approve = (r.body as { decision: string }).decision === 'APPROVE';
              return { ...others, status: approve ? 'APPROVED' : 'REJECTED' };
            },
          );
        },
      });
      await settle();

      const table = screen.getByRole('table', { name: /pending claims/i });
      const asked = server.requests.find((r) => r.method === 'GET' && r.path === '/api/claims')?.query;
      expect(asked?.get('status')).toBe('PENDING');
      // One's own claim is another administrator's: never listed here.
      expect(within(table).queryByText(adminMe.fullName)).toBeNull();
      const reviewOthers = () =>
        within(table).queryByRole('button', {
          name: new RegExp(`review the claim of ${staffMember.fullName}`, 'i'),
        });
      if (events[0] === 'server.noClaimAwaits') {
        expect(reviewOthers()).toBeNull();
        return;
      }
      const row = within(table).getByText(staffMember.fullName).closest('[role="row"]') as HTMLElement;
      expect(within(row).getByText('$12.50')).toBeInTheDocument();
      expect(within(row).getByText('Transport')).toBeInTheDocument();

      for (const event of events.slice(1)) {
        if (event === 'admin.reviewsClaim') {
          await user.click(reviewOthers() as HTMLElement);
          await settle();
          const sheet = claimSheet() as HTMLElement;
          expect(within(sheet).getByText(/taxi to the client/i)).toBeInTheDocument();
        } else if (event === 'admin.closesSheet') {
          await user.click(within(claimSheet() as HTMLElement).getByRole('button', { name: /^close$/i }));
          await settle();
          expect(claimSheet()).toBeNull();
          expect(reviewOthers()).not.toBeNull();
        } else {
          const sheet = claimSheet() as HTMLElement;
          const approve = event === 'admin.approvesClaim';
          await user.click(within(sheet).getByRole('button', { name: approve ? /^approve$/i : /^reject$/i }));
          await settle();
          const sent = server.requests.filter(
            (r) => r.method === 'POST' && r.path === `/api/claims/${others.id}/decision`,
          );
          expect(sent).toHaveLength(1);
          expect(sent[0]?.body).toMatchObject({ decision: approve ? 'APPROVE' : 'REJECT' });
          // Decided: it no longer awaits this administrator.
          expect(claimSheet()).toBeNull();
          expect(reviewOthers()).toBeNull();
        }
      }
    });
  }
});

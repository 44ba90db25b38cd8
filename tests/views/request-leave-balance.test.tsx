import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getOf, type RecordedRequest } from '../machines/fake-server';
import { openDialog, type RunningApp, renderApp, settle, signedIn, useAppHarness } from '../machines/harness';
import { allowancesOf, leaveTypes } from '../machines/staff-fixtures';
import { staff } from './fixtures';

/**
 * Issue 34: Request for Leave shows, beside the Leave Type, the chosen type's balance in each year of the
 * dates and what the request would leave of it, counted as the server counts (working days, the company's
 * public holidays, half days), following the type and the dates. What the walk of the dialog does not reach:
 * a request across the year end, a type without limit, a balance that cannot be fetched.
 */

const BALANCES = `/api/users/${staff.id}/leave-balances`;
/** Annual Leave available: 2 days in 2026, 14 in 2027; every other type has no limit (the fixture's rule). */
const annualLeft: Record<number, number> = { 2026: 2, 2027: 14 };
/** The company's holidays of each year: Christmas 2026, New Year's Day 2027 (a Friday). */
const holidays: Record<string, Array<{ date: string; name: string }>> = {
  '2026': [{ date: '2026-12-25', name: 'Christmas Day' }],
  '2027': [{ date: '2027-01-01', name: "New Year's Day" }],
};

/** The dialog's own balance questions name their year; the Leave Balance table's (this year) does not. */
const asksYear = (r: RecordedRequest) => r.method === 'GET' && r.path === BALANCES && r.query.has('year');

async function openDialogOnDashboard(): Promise<RunningApp> {
  vi.setSystemTime(new Date('2026-11-29T04:00:00Z'));
  const app = await renderApp({
    path: '/staff',
    storage: signedIn(staff),
    prepare(server) {
      server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
      server.autoAnswer(getOf(`/api/users/${staff.id}/leave-requests/count`), 200, {
        PENDING: 0,
        APPROVED: 0,
        REJECTED: 0,
        TOTAL: 0,
      });
      server.autoAnswer(getOf(`/api/users/${staff.id}/leave-requests`), 200, {
        data: [],
        currentPage: 1,
        pageSize: 7,
        total: 0,
        totalPages: 0,
      });
      server.autoAnswer(getOf('/api/leave-calendar'), 200, []);
      server.autoAnswer(
        getOf('/api/public-holidays'),
        200,
        (r: RecordedRequest) => holidays[r.query.get('year') ?? ''] ?? [],
      );
      server.autoAnswer(
        (r) => getOf(BALANCES)(r) && !r.query.has('year'),
        200,
        allowancesOf({ 1: 14 }, 2026),
      );
    },
  });
  await settle();
  await app.user.click(screen.getByRole('button', { name: 'Request Leave' }));
  await settle();
  return app;
}

const dialog = () => openDialog('dialog', 'Request for Leave');
const control = (name: string) => dialog().querySelector(`[name="${name}"]`) as HTMLInputElement;
const change = async (name: string, value: string) => {
  fireEvent.change(control(name), { target: { value } });
  await settle();
};
/** What describes the Leave Type select: the balance beside it. */
const besideLeaveType = () =>
  (control('leaveType').getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');

/** Answers the dialog's waiting balance questions, each with the year it names. */
function answerBalances(app: RunningApp) {
  for (const asked of app.server.pending().filter(asksYear)) {
    const year = Number(asked.query.get('year'));
    app.server.answer('GET', BALANCES, 200, allowancesOf({ 1: annualLeft[year] ?? 0 }, year));
  }
}

describe('Request for Leave: the balance beside the Leave Type', () => {
  useAppHarness();

  it("shows this year's balance once a type is chosen, then each year's of a request across the year end", async () => {
    const app = await openDialogOnDashboard();
    // Nothing before a type is chosen; the balance of this year (2026) is asked for at once.
    expect(besideLeaveType()).toBe('');
    expect(
      app.server
        .pending()
        .filter(asksYear)
        .map((r) => r.query.get('year')),
    ).toEqual(['2026']);
    answerBalances(app);
    await settle();
    await change('leaveType', 'Annual Leave');
    expect(besideLeaveType()).toBe('Available in 2026: 2 days.');

    // Tue 29 Dec 2026 PM to Tue 5 Jan 2027 AM: 2026 gives 29 PM, 30, 31 = 2.5 days; 2027 gives Mon 4 and
    // the morning of Tue 5 = 1.5 (Fri 1 Jan is a holiday, 2 and 3 Jan the weekend).
    await change('fromDate', '2026-12-29');
    await change('fromTime', 'PM');
    await change('toDate', '2027-01-05');
    await change('toTime', 'AM');
    expect(
      app.server
        .pending()
        .filter(asksYear)
        .map((r) => r.query.get('year')),
    ).toEqual(['2026', '2027']);
    answerBalances(app);
    await settle();
    expect(control('days').value).toBe('4');
    expect(besideLeaveType()).toBe(
      'Available in 2026: 2 days. After this request: -0.5 days, not enough.' +
        'Available in 2027: 14 days. After this request: 12.5 days.',
    );

    // Another type needs no new question: Unpaid Leave has no limit.
    await change('leaveType', 'Unpaid Leave');
    expect(app.server.pending().filter(asksYear)).toEqual([]);
    expect(besideLeaveType()).toBe('Available in 2026: no limit.Available in 2027: no limit.');
  });

  it('says why the balance could not be fetched, and Try again asks again', async () => {
    const app = await openDialogOnDashboard();
    await change('leaveType', 'Annual Leave');
    app.server.answer('GET', BALANCES, 503, {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The database is unavailable.',
    });
    await settle();
    const failure = within(dialog()).getByRole('alert');
    expect(failure).toHaveTextContent('The database is unavailable.');
    await app.user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(
      app.server
        .pending()
        .filter(asksYear)
        .map((r) => r.query.get('year')),
    ).toEqual(['2026']);
    answerBalances(app);
    await settle();
    expect(besideLeaveType()).toBe('Available in 2026: 2 days.');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });
});

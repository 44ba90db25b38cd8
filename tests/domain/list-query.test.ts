import { describe, expect, it } from 'vitest';
import {
  applyListChange,
  canGoBack,
  canGoForward,
  initialListQuery,
  pageCount,
  pageOfList,
} from '../../src/domain/list-query';
import { employmentStatusLabel, isOnboarded } from '../../src/domain/staff-directory';

describe('list queries', () => {
  const start = initialListQuery();

  it('start at page 1 of 10 with no search, filter or order', () => {
    expect(start).toEqual({ search: '', filters: {}, sorting: [], page: 1, pageSize: 10 });
  });

  it('go back to page 1 when the search, a filter or the order changes, and keep the page otherwise', () => {
    const third = applyListChange(start, { page: 3 });
    expect(third.page).toBe(3);
    expect(applyListChange(third, { search: 'tan' })).toMatchObject({ search: 'tan', page: 1 });
    expect(applyListChange(third, { filters: { status: ['PENDING'] } }).page).toBe(1);
    expect(applyListChange(third, { sorting: [{ id: 'email', desc: true }] }).page).toBe(1);
    expect(applyListChange(third, { sorting: [], page: 2 }).page).toBe(2);
  });

  it("count pages as 'Page X of Y' reads them, with Previous and Next where they lead somewhere", () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10)]).toEqual([1, 1, 2]);
    expect([canGoBack(1), canGoBack(2)]).toEqual([false, true]);
    expect([canGoForward(1, 11, 10), canGoForward(2, 11, 10), canGoForward(1, 0, 7)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('cut a whole list into the page asked for, ordered by the sort keys, ties kept in server order', () => {
    const people = ['b@x', 'A@x', 'c@x', 'a@x'].map((email, id) => ({ id, email }));
    const byEmail = { email: (p: { email: string }) => p.email };
    const asc = pageOfList(
      people,
      { sorting: [{ id: 'email', desc: false }], page: 1, pageSize: 3 },
      byEmail,
    );
    expect(asc).toEqual({ rows: [people[1], people[3], people[0]], total: 4 });
    const desc = pageOfList(
      people,
      { sorting: [{ id: 'email', desc: true }], page: 2, pageSize: 3 },
      byEmail,
    );
    expect(desc.rows.map((p) => p.email)).toEqual(['a@x']);
    const unsorted = pageOfList(
      people,
      { sorting: [{ id: 'unknown', desc: false }], page: 1, pageSize: 10 },
      byEmail,
    );
    expect(unsorted.rows).toEqual(people);
  });
});

describe('the staff directory', () => {
  it("shows ACTIVE as 'Active', RESIGNED as 'Resigned' and no status as 'Not yet Onboarded'", () => {
    expect([null, undefined, '', 'ACTIVE', 'RESIGNED'].map(employmentStatusLabel)).toEqual([
      'Not yet Onboarded',
      'Not yet Onboarded',
      'Not yet Onboarded',
      'Active',
      'Resigned',
    ]);
  });

  it('counts a user as onboarded only with staff, employment and payment info', () => {
    const all = {
      staffInfo: { id: 1 },
      employmentInfo: { id: 1, employmentStatus: 'ACTIVE' },
      paymentInfo: { id: 1 },
    };
    expect(isOnboarded(all)).toBe(true);
    for (const missing of ['staffInfo', 'employmentInfo', 'paymentInfo'] as const) {
      expect(isOnboarded({ ...all, [missing]: null })).toBe(false);
    }
  });
});

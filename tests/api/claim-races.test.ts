import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import { bearer, createTestApp, type TestApp } from './harness';
import { type Person, person } from './leave-fixtures';

// Two claims filed at once that only one fits under a limit (issue 37). On PostgreSQL they really run
// in parallel on separate connections; the owner's row lock every claim change takes keeps them apart.

let t: TestApp;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
});

describe('claims at once', () => {
  it('two claims that together pass the monthly limit: one is accepted, the other refused', async () => {
    const type = await t.app.inject({
      method: 'POST',
      url: '/api/claim-types',
      headers: bearer(admin.token),
      payload: { name: 'Race Meals', monthlyLimit: 100, receiptRequired: false, taxable: false },
    });
    const staff = await person(t);
    const claim = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/claims',
        headers: bearer(staff.token),
        payload: { claimTypeId: type.json().id, date: todayIso(), amount: 60, description: 'Lunch' },
      });
    const answers = await Promise.all([claim(), claim(), claim()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

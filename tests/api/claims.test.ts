import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '../../src/domain/dates';
import { auditLog } from '../../src/server/db/system-schema';
import { samples } from './files';
import { bearer, createTestApp, type TestApp } from './harness';
import { type Person, person } from './leave-fixtures';

// Issue 37 items 1, 2 and 5, over HTTP: the claim types, filing and its refusals, four eyes, who sees what.

let t: TestApp;
let admin: Person;
let otherAdmin: Person;
const today = todayIso();

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, { role: 'ADMIN' });
  otherAdmin = await person(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
});

const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

let typeCounter = 0;
async function newType(limits: Record<string, unknown> = {}) {
  typeCounter += 1;
  const answer = await call(admin, 'POST', '/api/claim-types', {
    name: `Type ${typeCounter}`,
    receiptRequired: false,
    taxable: false,
    ...limits,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json() as { id: number; name: string };
}

const file = (who: Person, body: Record<string, unknown>) =>
  call(who, 'POST', '/api/claims', { date: today, description: 'Taxi to client', ...body });

describe('claim types', () => {
  it('a new company starts with Transport, Medical, Meals, Mobile and Others', async () => {
    const staff = await person(t);
    const answer = await call(staff, 'GET', '/api/claim-types');
    expect(answer.statusCode).toBe(200);
    const names = (answer.json() as { name: string }[]).map((type) => type.name);
    expect(names).toEqual(expect.arrayContaining(['Transport', 'Medical', 'Meals', 'Mobile', 'Others']));
  });

  it('only ADMIN change them; limits go and come back in dollars', async () => {
    const staff = await person(t);
    const body = { name: 'Parking', monthlyLimit: 80.5, receiptRequired: true, taxable: false };
    expect((await call(staff, 'POST', '/api/claim-types', body)).statusCode).toBe(403);
    const created = await call(admin, 'POST', '/api/claim-types', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Parking',
      monthlyLimit: 80.5,
      perClaimLimit: null,
      archived: false,
    });
    const changed = await call(admin, 'PUT', `/api/claim-types/${created.json().id}`, {
      ...body,
      yearlyLimit: 500,
    });
    expect(changed.json()).toMatchObject({ monthlyLimit: 80.5, yearlyLimit: 500 });
    expect(
      (await call(admin, 'POST', '/api/claim-types', { ...body, name: 'x'.repeat(61) })).statusCode,
    ).toBe(400);
  });

  it('a type without claims is deleted; one with claims is archived and takes no new claim', async () => {
    const unused = await newType();
    expect((await call(admin, 'DELETE', `/api/claim-types/${unused.id}`)).json()).toEqual({
      removed: 'DELETED',
    });
    const used = await newType();
    const staff = await person(t);
    expect((await file(staff, { claimTypeId: used.id, amount: 10 })).statusCode).toBe(201);
    expect((await call(admin, 'DELETE', `/api/claim-types/${used.id}`)).json()).toEqual({
      removed: 'ARCHIVED',
    });
    const listed = (await call(staff, 'GET', '/api/claim-types')).json() as { id: number }[];
    expect(listed.map((type) => type.id)).not.toContain(used.id);
    const refused = await file(staff, { claimTypeId: used.id, amount: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('archived');
    // Its claims keep it.
    const mine = (await call(staff, 'GET', '/api/claims')).json();
    expect(mine.data[0].type).toBe(used.name);
  });
});

describe('filing a claim', () => {
  it('answers 201 PENDING for oneself, in dollars', async () => {
    const type = await newType();
    const staff = await person(t);
    const answer = await file(staff, { claimTypeId: type.id, amount: 12.3 });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'PENDING', amount: 12.3, userId: staff.id, date: today });
  });

  it('refuses a zero or negative amount', async () => {
    const type = await newType();
    const staff = await person(t);
    for (const amount of [0, -5]) {
      const answer = await file(staff, { claimTypeId: type.id, amount });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'CLAIM_AMOUNT_NOT_POSITIVE', field: 'amount' });
    }
  });

  it('refuses a future date, one before the hire date or after the last day, and one older than 90 days', async () => {
    const type = await newType();
    const staff = await person(t);
    const future = await file(staff, { claimTypeId: type.id, amount: 5, date: addDaysIso(today, 1) });
    expect(future.json().code).toBe('CLAIM_DATE_IN_FUTURE');
    // The default window is 90 days: 90 days ago is accepted, 91 is not.
    expect(
      (await file(staff, { claimTypeId: type.id, amount: 5, date: addDaysIso(today, -90) })).statusCode,
    ).toBe(201);
    const old = await file(staff, { claimTypeId: type.id, amount: 5, date: addDaysIso(today, -91) });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toContain('90 days');
    const newcomer = await person(t, { employment: { hireDate: addDaysIso(today, -3) } });
    const early = await file(newcomer, { claimTypeId: type.id, amount: 5, date: addDaysIso(today, -4) });
    expect(early.json().code).toBe('CLAIM_BEFORE_HIRE_DATE');
    const leaver = await person(t, {
      employment: { hireDate: '2020-01-01', lastDayOfService: addDaysIso(today, -2) },
    });
    const after = await file(leaver, { claimTypeId: type.id, amount: 5, date: addDaysIso(today, -1) });
    expect(after.json().code).toBe('CLAIM_AFTER_LAST_DAY');
  });

  it("keeps to the company's claim window", async () => {
    const type = await newType();
    const staff = await person(t);
    const company = (await call(admin, 'GET', '/api/company')).json();
    expect(company.claimWindowDays).toBe(90);
    const put = await call(admin, 'PUT', '/api/company', { name: company.name, claimWindowDays: 30 });
    expect(put.statusCode).toBe(200);
    expect(put.json().claimWindowDays).toBe(30);
    const old = await file(staff, { claimTypeId: type.id, amount: 5, date: addDaysIso(today, -31) });
    expect(old.json().message).toContain('30 days');
    await call(admin, 'PUT', '/api/company', { name: company.name, claimWindowDays: 90 });
  });

  it('refuses a claim without the receipt its type requires, and takes one with it', async () => {
    const type = await newType({ receiptRequired: true });
    const staff = await person(t);
    const without = await file(staff, { claimTypeId: type.id, amount: 20 });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'CLAIM_RECEIPT_REQUIRED', field: 'uploadKey' });
    expect(without.json().message).toContain('receipt');
    const grant = await call(staff, 'GET', '/api/s3/upload-url?fileName=receipt.png&fileType=image/png');
    const { uploadKey, uploadUrl } = grant.json() as { uploadKey: string; uploadUrl: string };
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { 'content-type': 'image/png' },
      payload: samples.png,
    });
    expect(put.statusCode).toBe(200);
    const withReceipt = await file(staff, { claimTypeId: type.id, amount: 20, uploadKey });
    expect(withReceipt.statusCode).toBe(201);
    expect(withReceipt.json().receiptKey).toBeTruthy();
    // The approver may view it; someone else may not.
    const key = encodeURIComponent(withReceipt.json().receiptKey);
    expect((await call(admin, 'GET', `/api/s3/signed-url?fileUrl=${key}`)).statusCode).toBe(200);
    expect((await call(await person(t), 'GET', `/api/s3/signed-url?fileUrl=${key}`)).statusCode).toBe(403);
  });
});

describe('limits, with pending claims counted', () => {
  it('per claim: the message gives the limit', async () => {
    const type = await newType({ perClaimLimit: 100 });
    const staff = await person(t);
    expect((await file(staff, { claimTypeId: type.id, amount: 100 })).statusCode).toBe(201);
    const over = await file(staff, { claimTypeId: type.id, amount: 100.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('CLAIM_OVER_LIMIT');
    expect(over.json().message).toContain('$100.00');
  });

  it('per month: a pending claim counts, the message gives the limit and what remains', async () => {
    const type = await newType({ monthlyLimit: 200 });
    const staff = await person(t);
    expect((await file(staff, { claimTypeId: type.id, amount: 150 })).statusCode).toBe(201);
    // $200 - $150 pending = $50 remains.
    const over = await file(staff, { claimTypeId: type.id, amount: 60 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('$200.00');
    expect(over.json().message).toContain('$50.00');
    expect((await file(staff, { claimTypeId: type.id, amount: 50 })).statusCode).toBe(201);
  });

  it('per year: approved and pending claims count, rejected and deleted ones do not', async () => {
    const type = await newType({ yearlyLimit: 300 });
    const staff = await person(t);
    const first = (await file(staff, { claimTypeId: type.id, amount: 100 })).json();
    const second = (await file(staff, { claimTypeId: type.id, amount: 100 })).json();
    const third = (await file(staff, { claimTypeId: type.id, amount: 100 })).json();
    await call(admin, 'POST', `/api/claims/${first.id}/decision`, { decision: 'APPROVE' });
    await call(admin, 'POST', `/api/claims/${second.id}/decision`, {
      decision: 'REJECT',
      reason: 'Personal trip',
    });
    expect((await call(staff, 'DELETE', `/api/claims/${third.id}`)).statusCode).toBe(204);
    // $300 - $100 approved = $200 remains.
    const over = await file(staff, { claimTypeId: type.id, amount: 200.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('$300.00');
    expect(over.json().message).toContain('$200.00');
    expect((await file(staff, { claimTypeId: type.id, amount: 200 })).statusCode).toBe(201);
  });
});

describe('decisions and who sees what', () => {
  it("refuses an administrator's decision on their own claim; another administrator decides", async () => {
    const type = await newType();
    const own = (await file(admin, { claimTypeId: type.id, amount: 30 })).json();
    const self = await call(admin, 'POST', `/api/claims/${own.id}/decision`, { decision: 'APPROVE' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toContain('another administrator');
    const other = await call(otherAdmin, 'POST', `/api/claims/${own.id}/decision`, { decision: 'APPROVE' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ status: 'APPROVED', decidedById: otherAdmin.id });
    const again = await call(admin, 'POST', `/api/claims/${own.id}/decision`, { decision: 'REJECT' });
    expect(again.statusCode).toBe(409);
    // An approved claim is no longer its owner's to delete.
    expect((await call(admin, 'DELETE', `/api/claims/${own.id}`)).statusCode).toBe(409);
  });

  it("staff can neither see, delete nor decide someone else's claim", async () => {
    const type = await newType();
    const owner = await person(t);
    const nosy = await person(t);
    const claim = (await file(owner, { claimTypeId: type.id, amount: 40 })).json();
    expect((await call(nosy, 'GET', `/api/claims/${claim.id}`)).statusCode).toBe(404);
    expect((await call(nosy, 'DELETE', `/api/claims/${claim.id}`)).statusCode).toBe(404);
    expect(
      (await call(nosy, 'POST', `/api/claims/${claim.id}/decision`, { decision: 'APPROVE' })).statusCode,
    ).toBe(403);
    expect((await call(nosy, 'GET', `/api/claims?userId=${owner.id}`)).statusCode).toBe(403);
    const list = (await call(nosy, 'GET', '/api/claims')).json();
    expect(list.data.map((c: { id: number }) => c.id)).not.toContain(claim.id);
    expect((await call(owner, 'GET', `/api/claims/${claim.id}`)).statusCode).toBe(200);
    // An administrator deletes no one else's claim either: only its owner does.
    expect((await call(admin, 'DELETE', `/api/claims/${claim.id}`)).statusCode).toBe(403);
  });

  it("lists everyone's claims for ADMIN with counts by status, filtered by person, status, year and month", async () => {
    const type = await newType();
    const staff = await person(t);
    const a = (await file(staff, { claimTypeId: type.id, amount: 1 })).json();
    await file(staff, { claimTypeId: type.id, amount: 2 });
    await call(admin, 'POST', `/api/claims/${a.id}/decision`, { decision: 'APPROVE' });
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const page = await call(
      admin,
      'GET',
      `/api/claims?userId=${staff.id}&status=PENDING&year=${year}&month=${month}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      currentPage: 1,
      total: 1,
      totalPages: 1,
      counts: { PENDING: 1, APPROVED: 1, REJECTED: 0, PAID: 0, TOTAL: 2 },
    });
    expect((await call(staff, 'GET', '/api/claims')).json().counts.TOTAL).toBe(2);
  });

  it('every change is in the audit trail, with whose claim it was and before and after', async () => {
    const type = await newType();
    const staff = await person(t);
    const claim = (await file(staff, { claimTypeId: type.id, amount: 9 })).json();
    await call(admin, 'POST', `/api/claims/${claim.id}/decision`, {
      decision: 'REJECT',
      reason: 'Duplicate',
    });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claim'), eq(auditLog.entityId, String(claim.id))));
    expect(rows.map((row) => row.action).sort()).toEqual(['claim.created', 'claim.rejected']);
    for (const row of rows) expect(row.subjectUserId).toBe(staff.id);
    const rejected = rows.find((row) => row.action === 'claim.rejected');
    expect(rejected?.details).toMatchObject({ before: { status: 'PENDING' }, after: { status: 'REJECTED' } });
  });
});

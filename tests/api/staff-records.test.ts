import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/domain/dates';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import { nricCheckLetter } from '../../src/domain/nric';
import type { OnboardInput } from '../../src/domain/onboarding';
import { employmentInfo, leaveBalances, paymentInfo, payslips, staffInfo } from '../../src/server/db/schema';
import { auditLog } from '../../src/server/db/system-schema';
import { insertLeaveTypes } from '../../src/server/factories';
import { bearer, createTestApp, createUser, signIn, type TestApp } from './harness';

let t: TestApp;
let types: { id: number; name: string }[];
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  types = await insertLeaveTypes(t.db, DEFAULT_LEAVE_TYPES);
  const admin = await createUser(t, { role: 'ADMIN' });
  adminId = admin.id;
  adminToken = (await signIn(t, admin.email, admin.password)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A valid NRIC no other test uses. */
const freshNric = () => {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `S${digits}${nricCheckLetter('S', digits)}`;
};

const onboardBody = (overrides: Partial<OnboardInput> = {}): OnboardInput => ({
  staffInfo: {
    gender: 'Female',
    nric: freshNric().toLowerCase(),
    dateOfBirth: '1992-03-14',
    race: 'Indian',
    nationality: 'SINGAPORE CITIZEN',
  },
  employmentInfo: {
    designation: 'Payroll Executive',
    hireDate: '2025-01-06',
    confirmedDate: '',
    passType: 'Singapore',
    employmentType: 'Full Time',
  },
  paymentInfo: {
    basicSalary: 4200.5,
    employeeCpfContributionRate: 20,
    employerCpfContributionRate: 17,
    cpfType: 'SINGAPORE CITIZEN',
    selfHelpGroup: 'SINDA',
    bankName: 'OCBC',
    bankCode: '7339',
    branchCode: '501',
    accountNo: '501-234567-8',
  },
  leaveBalances: types
    .filter((type) => type.name !== 'Unpaid Leave')
    .map((type, index) => ({ leaveTypeId: type.id, totalDays: 7 + index / 2 })),
  ...overrides,
});

/** A STAFF user registered through the API, as an administrator does it. */
async function registerStaff(fullName = 'New Staff') {
  const email = `staff.${randomInt(1e9)}@${t.config.companyEmailDomain}`;
  const response = await call('POST', '/api/auth/register', adminToken, {
    fullName,
    email,
    role: 'STAFF',
    password: 'Temporary-123',
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

/** An onboarded STAFF user who has set their own password, and their token. */
async function onboardedStaff() {
  const staff = await createUser(t);
  const response = await call('POST', `/api/users/${staff.id}/onboard`, adminToken, onboardBody());
  expect(response.statusCode).toBe(201);
  const token = (await signIn(t, staff.email, staff.password)).accessToken;
  const detail = response.json();
  return { ...staff, token, detail };
}

const recordsOf = async (userId: number) => ({
  staff: await t.db.select().from(staffInfo).where(eq(staffInfo.userId, userId)),
  employment: await t.db.select().from(employmentInfo).where(eq(employmentInfo.userId, userId)),
  payment: await t.db.select().from(paymentInfo).where(eq(paymentInfo.userId, userId)),
  balances: await t.db.select().from(leaveBalances).where(eq(leaveBalances.userId, userId)),
});

const expectNothingFor = async (userId: number) => {
  expect(await recordsOf(userId)).toEqual({ staff: [], employment: [], payment: [], balances: [] });
};

describe('POST /api/users/:id/onboard', () => {
  it('stores the three records and this year’s allowances at once, and writes the audit log', async () => {
    const { id } = await registerStaff('Priya d/o Raman');
    const body = onboardBody();
    const response = await call('POST', `/api/users/${id}/onboard`, adminToken, body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      id,
      fullName: 'Priya d/o Raman',
      hireDate: '2025-01-06',
      staffInfo: { nric: body.staffInfo.nric.toUpperCase(), race: 'Indian', gender: 'Female' },
      employmentInfo: { employmentStatus: 'ACTIVE', confirmedDate: null, lastDayOfService: null },
      paymentInfo: {
        basicSalary: 4200.5,
        cpfType: 'SINGAPORE CITIZEN',
        cpfSection: 'NONE',
        bankName: 'OCBC',
      },
    });
    const { balances } = await recordsOf(id);
    const year = Number(todayIso().slice(0, 4));
    expect(balances).toHaveLength(types.length);
    for (const type of types) {
      const row = balances.find((b) => b.leaveTypeId === type.id);
      const sent = body.leaveBalances.find((b) => b.leaveTypeId === type.id);
      expect(row).toMatchObject({ year, totalDays: sent ? sent.totalDays : null });
    }
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'user.onboarded')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBe(adminId);
  });

  it('answers 409 to a second onboarding of the same user, also when both arrive together', async () => {
    const { id } = await registerStaff();
    const [first, second] = await Promise.all([
      call('POST', `/api/users/${id}/onboard`, adminToken, onboardBody()),
      call('POST', `/api/users/${id}/onboard`, adminToken, onboardBody()),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);
    const refused = first?.statusCode === 409 ? first : second;
    expect(refused?.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This user has already been onboarded.',
    });
    expect((await recordsOf(id)).staff).toHaveLength(1);
  });

  it('refuses an id that is not a registered STAFF user with the spec’s message', async () => {
    for (const id of [2_000_000_000, adminId]) {
      const response = await call('POST', `/api/users/${id}/onboard`, adminToken, onboardBody());
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No user data found. Please try registering again.');
    }
    expect((await call('POST', '/api/users/0/onboard', adminToken, onboardBody())).statusCode).toBe(400);
  });

  it('is for ADMIN only', async () => {
    const staff = await createUser(t);
    const token = (await signIn(t, staff.email, staff.password)).accessToken;
    const response = await call('POST', `/api/users/${staff.id}/onboard`, token, onboardBody());
    expect(response.statusCode).toBe(403);
    await expectNothingFor(staff.id);
  });

  it("validates every step with the spec's messages and stores nothing", async () => {
    const { id } = await registerStaff();
    // Bodies a client could send, typed loosely on purpose: the server is what checks them.
    const cases: [Record<string, unknown>, string][] = [
      [
        { staffInfo: { ...onboardBody().staffInfo, nationality: '' } },
        'Please fill in all compulsory fields.',
      ],
      [{ staffInfo: { ...onboardBody().staffInfo, nric: 'S1234567A' } }, 'Please enter a valid NRIC/FIN.'],
      [
        { employmentInfo: { ...onboardBody().employmentInfo, passType: undefined } },
        'Please fill in all compulsory fields.',
      ],
      [{ paymentInfo: { ...onboardBody().paymentInfo, basicSalary: 0 } }, 'Salary must be more than 0.'],
      [{ paymentInfo: { ...onboardBody().paymentInfo, basicSalary: 1e-9 } }, 'Salary must be more than 0.'],
      [
        { paymentInfo: { ...onboardBody().paymentInfo, employerCpfContributionRate: undefined } },
        'CPF rates must be numbers.',
      ],
      [{ leaveBalances: onboardBody().leaveBalances.slice(1) }, 'Please fill in for all leave types.'],
      [
        { leaveBalances: [...onboardBody().leaveBalances, { leaveTypeId: 999_999, totalDays: 1 }] },
        'Unknown leave type.',
      ],
      [
        { leaveBalances: onboardBody().leaveBalances.map((row) => ({ ...row, totalDays: 1.25 })) },
        'Leave allowance must be in steps of 0.5 days.',
      ],
    ];
    for (const [override, message] of cases) {
      const response = await call('POST', `/api/users/${id}/onboard`, adminToken, {
        ...onboardBody(),
        ...override,
      });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    await expectNothingFor(id);
  });

  it('names the field of a value that is present but not one of the allowed values', async () => {
    const { id } = await registerStaff();
    const cases: [Record<string, unknown>, string][] = [
      [{ staffInfo: { ...onboardBody().staffInfo, nationality: 'ATLANTEAN' } }, 'Nationality'],
      [{ staffInfo: { ...onboardBody().staffInfo, race: 'martian' } }, 'Race'],
      [{ employmentInfo: { ...onboardBody().employmentInfo, passType: 'Employment pass' } }, 'Pass type'],
      [{ employmentInfo: { ...onboardBody().employmentInfo, employmentType: 'GIG' } }, 'Employment type'],
    ];
    for (const [override, field] of cases) {
      const response = await call('POST', `/api/users/${id}/onboard`, adminToken, {
        ...onboardBody(),
        ...override,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message).toContain(`${field} must be one of the allowed values.`);
      expect(response.json().message).not.toContain('Please fill in all compulsory fields.');
    }
    await expectNothingFor(id);
  });

  it('refuses an NRIC/FIN that belongs to someone else', async () => {
    const other = await onboardedStaff();
    const { id } = await registerStaff();
    const body = onboardBody();
    body.staffInfo.nric = other.detail.staffInfo.nric.toLowerCase();
    const response = await call('POST', `/api/users/${id}/onboard`, adminToken, body);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This NRIC/FIN is already registered to another staff member.');
    expect(response.json()).toMatchObject({ code: 'NRIC_TAKEN', field: 'staffInfo.nric' });
    await expectNothingFor(id);
  });

  it('leaves nothing behind when a later part fails inside the database', async () => {
    // Real constraints added for this test only, so the failure comes from the database at the last
    // and at the payment insert, after the earlier inserts of the same transaction succeeded.
    const failures = [
      {
        table: 'leave_balances',
        check: 'total_days <> 13.5',
        body: () =>
          onboardBody({ leaveBalances: onboardBody().leaveBalances.map((r) => ({ ...r, totalDays: 13.5 })) }),
      },
      {
        table: 'payment_info',
        check: 'basic_salary_cents <> 123456',
        body: () => onboardBody({ paymentInfo: { ...onboardBody().paymentInfo, basicSalary: 1234.56 } }),
      },
    ];
    for (const failure of failures) {
      await t.db.execute(
        sql.raw(`alter table ${failure.table} add constraint test_failure check (${failure.check})`),
      );
      try {
        const { id } = await registerStaff();
        const response = await call('POST', `/api/users/${id}/onboard`, adminToken, failure.body());
        expect(response.statusCode).toBe(400);
        await expectNothingFor(id);
        const audit = await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(id)));
        expect(audit.map((row) => row.action)).toEqual(['user.registered']);
      } finally {
        await t.db.execute(sql.raw(`alter table ${failure.table} drop constraint test_failure`));
      }
    }
  });
});

describe('reading staff records', () => {
  it('gives STAFF their own records and refuses another user’s', async () => {
    const me = await onboardedStaff();
    const colleague = await onboardedStaff();
    for (const part of ['staff-info', 'employment-info', 'payment-info']) {
      const own = await call('GET', `/api/users/${me.id}/${part}`, me.token);
      expect(own.statusCode, part).toBe(200);
      const other = await call('GET', `/api/users/${colleague.id}/${part}`, me.token);
      expect(other.statusCode, part).toBe(403);
      expect(other.json().message).toBe('You can only access your own record.');
    }
    expect((await call('GET', `/api/users/${colleague.id}`, me.token)).statusCode).toBe(403);
    const own = (await call('GET', `/api/users/${me.id}/payment-info`, me.token)).json();
    expect(own).toEqual(me.detail.paymentInfo);
  });

  it('gives ADMIN anyone’s records, and 404 before onboarding', async () => {
    const staff = await onboardedStaff();
    const employment = await call('GET', `/api/users/${staff.id}/employment-info`, adminToken);
    expect(employment.json()).toEqual(staff.detail.employmentInfo);
    const { id } = await registerStaff();
    const missing = await call('GET', `/api/users/${id}/staff-info`, adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Staff information not found.');
  });
});

describe('PATCH /api/users/:id by STAFF', () => {
  it('changes their own name but not their e-mail, which is for ADMIN', async () => {
    const me = await onboardedStaff();
    const renamed = await call('PATCH', `/api/users/${me.id}`, me.token, {
      fullName: 'Renamed Me',
      email: me.email,
    });
    expect(renamed.json()).toMatchObject({ fullName: 'Renamed Me', email: me.email });
    const newEmail = `moved.${me.id}@${t.config.companyEmailDomain}`;
    const moved = await call('PATCH', `/api/users/${me.id}`, me.token, {
      fullName: 'Renamed Me',
      email: newEmail,
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe('Only an administrator can change the email address.');
    const byAdmin = await call('PATCH', `/api/users/${me.id}`, adminToken, {
      fullName: 'Renamed Me',
      email: newEmail,
    });
    expect(byAdmin.json().email).toBe(newEmail);
  });
});

const noAddress = {
  addressBlock: null,
  addressStreet: null,
  addressUnit: null,
  addressPostalCode: null,
  foreignAddress: null,
};

describe('PATCH /api/staff-info/:id', () => {
  const change = (nric: string) => ({
    gender: 'Male',
    nric,
    dateOfBirth: '1991-12-01',
    race: 'Eurasian',
    nationality: 'SINGAPORE P.R.',
  });

  it('lets an ADMIN change staff info, upper-casing the NRIC/FIN, and audits which fields changed', async () => {
    const me = await onboardedStaff();
    const nric = freshNric();
    const response = await call(
      'PATCH',
      `/api/staff-info/${me.detail.staffInfo.id}`,
      adminToken,
      change(nric.toLowerCase()),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: me.detail.staffInfo.id, ...change(nric), ...noAddress });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(me.id)), eq(auditLog.action, 'staffInfo.updated')));
    // Issue 39: the changed fields with their values before and after, the NRIC/FIN masked.
    const details = audit?.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(Object.keys(details.after).sort()).toEqual([
      'dateOfBirth',
      'gender',
      'nationality',
      'nric',
      'race',
    ]);
    expect(details.after).toMatchObject({ gender: 'Male', dateOfBirth: '1991-12-01', race: 'Eurasian' });
    expect(details.after.nric).toBe(`${nric[0]}****${nric.slice(-4)}`);
    expect(audit?.subjectUserId).toBe(me.id);
    expect(JSON.stringify(audit?.details)).not.toContain(nric);
  });

  it('refuses STAFF changing someone else’s, and a taken NRIC/FIN', async () => {
    const me = await onboardedStaff();
    const colleague = await onboardedStaff();
    const foreign = await call(
      'PATCH',
      `/api/staff-info/${colleague.detail.staffInfo.id}`,
      me.token,
      change(freshNric()),
    );
    expect(foreign.statusCode).toBe(403);
    const taken = await call(
      'PATCH',
      `/api/staff-info/${me.detail.staffInfo.id}`,
      adminToken,
      change(colleague.detail.staffInfo.nric),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This NRIC/FIN is already registered to another staff member.');
    expect(taken.json()).toMatchObject({ code: 'NRIC_TAKEN', field: 'nric' });
    expect(
      (await call('PATCH', '/api/staff-info/2000000000', adminToken, change(freshNric()))).statusCode,
    ).toBe(404);
  });
});

describe('the residential address in staff info (IR8A)', () => {
  const singapore = {
    addressBlock: 'Blk 123',
    addressStreet: 'Ang Mo Kio Avenue 3',
    addressUnit: '#05-12',
    addressPostalCode: '560123',
  };
  const patch = (me: Awaited<ReturnType<typeof onboardedStaff>>, address: object) =>
    call('PATCH', `/api/staff-info/${me.detail.staffInfo.id}`, me.token, {
      ...me.detail.staffInfo,
      id: undefined,
      ...noAddress,
      ...address,
    });

  it('is taken at onboarding and answered with the staff info', async () => {
    const staff = await createUser(t);
    const body = onboardBody();
    const response = await call('POST', `/api/users/${staff.id}/onboard`, adminToken, {
      ...body,
      staffInfo: { ...body.staffInfo, ...singapore },
    });
    expect(response.statusCode).toBe(201);
    const info = await call('GET', `/api/users/${staff.id}/staff-info`, adminToken);
    expect(info.json()).toMatchObject({ ...singapore, foreignAddress: null });
  });

  it('lets staff give their own, a foreign one kept as its lines', async () => {
    const me = await onboardedStaff();
    const foreign = await patch(me, {
      foreignAddress: '  12 Jalan Ampang \n\n50450 Kuala Lumpur\r\nMalaysia  ',
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toMatchObject({
      ...noAddress,
      foreignAddress: '12 Jalan Ampang\n50450 Kuala Lumpur\nMalaysia',
    });
    const local = await patch(me, { ...singapore, addressUnit: '' });
    expect(local.json()).toMatchObject({ ...singapore, addressUnit: null, foreignAddress: null });
  });

  it('refuses an incomplete or double address, naming the field', async () => {
    const me = await onboardedStaff();
    for (const [address, field, message] of [
      [{ ...singapore, addressPostalCode: '56012' }, 'addressPostalCode', 'Postal code must be 6 digits.'],
      [{ ...singapore, addressPostalCode: '5601234' }, 'addressPostalCode', 'Postal code must be 6 digits.'],
      [{ ...singapore, addressBlock: '' }, 'addressBlock', 'Please enter the block or house number.'],
      [{ addressPostalCode: '560123' }, 'addressBlock', 'Please enter the block or house number.'],
      [{ ...singapore, foreignAddress: 'Kuala Lumpur' }, 'foreignAddress', 'not both'],
      // Four lines, or a line longer than IRAS's 30 characters.
      [{ foreignAddress: 'a\nb\nc\nd' }, 'foreignAddress', 'at most 3 lines'],
      [{ foreignAddress: 'x'.repeat(31) }, 'foreignAddress', 'at most 30 characters'],
      [{ ...singapore, addressStreet: 'x'.repeat(33) }, 'addressStreet', 'at most 32 characters'],
    ] as const) {
      const refused = await patch(me, address);
      expect(refused.statusCode, JSON.stringify(address)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION', field });
      expect(refused.json().message).toContain(message);
    }
  });

  it('is kept whole by the database: a foreign address beside Singapore parts, or a bad postal code, is refused', async () => {
    const me = await onboardedStaff();
    await expect(
      t.db
        .update(staffInfo)
        .set({ ...singapore, foreignAddress: 'Kuala Lumpur' })
        .where(eq(staffInfo.userId, me.id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(staffInfo).set({ addressPostalCode: '56O123' }).where(eq(staffInfo.userId, me.id)),
    ).rejects.toThrow();
  });
});

describe('the NRIC/FIN on My profile', () => {
  const own = (me: Awaited<ReturnType<typeof onboardedStaff>>, nric: string) =>
    call('PATCH', `/api/staff-info/${me.detail.staffInfo.id}`, me.token, {
      ...me.detail.staffInfo,
      id: undefined,
      nric,
      race: 'Others',
    });

  it("is an administrator's to change: staff get the same refusal for a colleague's number and a free one, and keep their record", async () => {
    const me = await onboardedStaff();
    const colleague = await onboardedStaff();
    const before = await recordsOf(me.id);
    const answers = [];
    for (const guess of [colleague.detail.staffInfo.nric, freshNric()]) {
      const response = await own(me, guess);
      expect(response.statusCode).toBe(403);
      answers.push(response.json());
    }
    // Nothing tells a colleague's number from a free one, and nothing of the record changed.
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Only an administrator can change an NRIC/FIN. Please ask HR.',
    });
    expect(await recordsOf(me.id)).toEqual(before);
  });

  it('still lets staff change the rest of their staff info with their own number', async () => {
    const me = await onboardedStaff();
    const response = await own(me, me.detail.staffInfo.nric.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ nric: me.detail.staffInfo.nric, race: 'Others' });
  });
});

describe('PATCH /api/employment-info/:id', () => {
  const employment = {
    designation: 'Senior Payroll Executive',
    hireDate: '2025-01-06',
    confirmedDate: '2025-04-06',
    passType: 'Singapore',
    employmentType: 'Full Time',
  };

  it('is ADMIN only: STAFF cannot change even their own', async () => {
    const me = await onboardedStaff();
    const response = await call(
      'PATCH',
      `/api/employment-info/${me.detail.employmentInfo.id}`,
      me.token,
      employment,
    );
    expect(response.statusCode).toBe(403);
  });

  it('asks for the last day of service when RESIGNED, and clears it when ACTIVE again', async () => {
    const staff = await onboardedStaff();
    const url = `/api/employment-info/${staff.detail.employmentInfo.id}`;
    const missing = await call('PATCH', url, adminToken, { ...employment, employmentStatus: 'RESIGNED' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter the last day of service.');
    const resigned = await call('PATCH', url, adminToken, {
      ...employment,
      employmentStatus: 'RESIGNED',
      lastDayOfService: '2026-10-31',
    });
    expect(resigned.json()).toMatchObject({ employmentStatus: 'RESIGNED', lastDayOfService: '2026-10-31' });
    const detail = (await call('GET', `/api/users/${staff.id}`, adminToken)).json();
    expect(detail.employmentInfo).toMatchObject({
      employmentStatus: 'RESIGNED',
      lastDayOfService: '2026-10-31',
    });
    const active = await call('PATCH', url, adminToken, { ...employment, employmentStatus: 'ACTIVE' });
    expect(active.json()).toMatchObject({ employmentStatus: 'ACTIVE', lastDayOfService: null });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(staff.id)), eq(auditLog.action, 'employmentInfo.updated')));
    expect(audit).toHaveLength(2);
  });

  it('keeps the work pattern of issue 36: defaults for an onboarded record, saved when given, kept when left out', async () => {
    const staff = await onboardedStaff();
    const url = `/api/employment-info/${staff.detail.employmentInfo.id}`;
    // Issue 36's defaults for existing rows: 5 days, 8.8 hours (a 44-hour week), Sunday, not a workman.
    const before = (await call('GET', `/api/users/${staff.id}/employment-info`, adminToken)).json();
    expect(before).toMatchObject({
      workman: false,
      daysPerWeek: 5,
      normalHoursPerDay: 8.8,
      restDay: 'SUNDAY',
      overtimeExemptionRef: null,
    });
    const pattern = {
      workman: true,
      daysPerWeek: 5.5,
      normalHoursPerDay: 8,
      restDay: 'SATURDAY',
      overtimeExemptionRef: 'MOM/OTE/2026/17',
    };
    expect((await call('PATCH', url, adminToken, { ...employment, ...pattern })).json()).toMatchObject(
      pattern,
    );
    expect((await call('PATCH', url, adminToken, employment)).json()).toMatchObject(pattern);
    for (const bad of [
      { daysPerWeek: 7 },
      { daysPerWeek: 5.25 },
      { normalHoursPerDay: 13 },
      { restDay: 'FUNDAY' },
      { overtimeExemptionRef: 'x'.repeat(61) },
    ]) {
      const refused = await call('PATCH', url, adminToken, { ...employment, ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('PATCH /api/payment-info/:id', () => {
  it('refuses STAFF changing their own salary or rates', async () => {
    const me = await onboardedStaff();
    const response = await call('PATCH', `/api/payment-info/${me.detail.paymentInfo.id}`, me.token, {
      ...onboardBody().paymentInfo,
      basicSalary: 99_999,
    });
    expect(response.statusCode).toBe(403);
    const [row] = await t.db.select().from(paymentInfo).where(eq(paymentInfo.userId, me.id));
    expect(row?.basicSalaryCents).toBe(420_050);
  });

  it('reads NONE sent as undefined and the empty bank name, and audits the salary change', async () => {
    const staff = await onboardedStaff();
    const response = await call('PATCH', `/api/payment-info/${staff.detail.paymentInfo.id}`, adminToken, {
      id: staff.detail.paymentInfo.id,
      basicSalary: 3900,
      bankName: '',
      bankCode: '',
      branchCode: '',
      accountNo: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: staff.detail.paymentInfo.id,
      basicSalary: 3900,
      employeeCpfContributionRate: null,
      employerCpfContributionRate: null,
      cpfType: 'NONE',
      cpfSection: 'NONE',
      selfHelpGroup: 'NONE',
      bankName: null,
      bankCode: null,
      branchCode: null,
      accountNo: null,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(staff.id)), eq(auditLog.action, 'paymentInfo.updated')));
    // Issue 39: stored columns, the salary in cents.
    expect(audit?.details).toMatchObject({
      before: { basicSalaryCents: 420_050, cpfType: 'SINGAPORE CITIZEN' },
      after: { basicSalaryCents: 390_000, cpfType: 'NONE', accountNo: null },
      accountNoChanged: true,
    });
    expect(JSON.stringify(audit?.details)).not.toContain('234567');
  });

  it('masks the account number and the NRIC/FIN in the staff list only', async () => {
    const staff = await onboardedStaff();
    const list = (await call('GET', '/api/users?role=STAFF', adminToken)).json() as {
      id: number;
      staffInfo: { nric: string };
      paymentInfo: { accountNo: string };
    }[];
    const row = list.find((user) => user.id === staff.id);
    expect(row?.paymentInfo.accountNo).toBe('********67-8');
    expect(row?.staffInfo.nric).toMatch(/^S\*{4}\d{3}[A-Z]$/);
    const detail = (await call('GET', `/api/users/${staff.id}`, adminToken)).json();
    expect(detail.paymentInfo.accountNo).toBe('501-234567-8');
  });
});

describe('DELETE /api/users/:id of an onboarded user', () => {
  it('removes the user and every record of theirs in one go', async () => {
    const staff = await onboardedStaff();
    expect((await call('DELETE', `/api/users/${staff.id}`, adminToken)).statusCode).toBe(204);
    await expectNothingFor(staff.id);
  });

  it('keeps everything when a processed payslip exists', async () => {
    const staff = await onboardedStaff();
    await t.db.insert(payslips).values({
      userId: staff.id,
      year: 2026,
      month: 1,
      basicSalarySnapshotCents: 420_050,
      status: 'PROCESSED',
      payDate: '2026-01-28',
      processedAt: new Date(),
    });
    const response = await call('DELETE', `/api/users/${staff.id}`, adminToken);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Set the employment status to Resigned instead\.$/);
    const records = await recordsOf(staff.id);
    expect([records.staff.length, records.employment.length, records.payment.length]).toEqual([1, 1, 1]);
  });
});

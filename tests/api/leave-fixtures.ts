import { randomBytes } from 'node:crypto';
import { DEFAULT_LEAVE_TYPES } from '../../src/domain/enums';
import type { LeaveBalance, LeaveRequest } from '../../src/domain/leave';
import { employmentInfo, leaveBalances, users } from '../../src/server/db/schema';
import { insertLeaveTypes } from '../../src/server/factories';
import { hashPassword } from '../../src/server/lib/secrets';
import { issueRefreshToken } from '../../src/server/services/tokens';
import { bearer, type TestApp } from './harness';

/** The demo company's leave types; returns their ids by name. */
export async function seedLeaveTypes(t: Pick<TestApp, 'db'>): Promise<Record<string, number>> {
  const rows = await insertLeaveTypes(t.db, DEFAULT_LEAVE_TYPES);
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

export const PERSON_PASSWORD = 'Leave-Test-Pass-1';
let passwordHash: Promise<string> | undefined;
let counter = 0;

/**
 * A user with an access token, minted directly: these suites test leave, and hashing a password for
 * each of their many people would only slow them down. Every person's password is PERSON_PASSWORD.
 */
export async function person(
  t: TestApp,
  options: {
    role?: 'ADMIN' | 'STAFF';
    fullName?: string;
    /** STAFF are employed since 2020 unless told otherwise; null leaves them not yet onboarded. */
    employment?: { hireDate: string; lastDayOfService?: string } | null;
  } = {},
) {
  counter += 1;
  passwordHash ??= hashPassword(PERSON_PASSWORD);
  const [user] = await t.db
    .insert(users)
    .values({
      email: `leave${counter}.${randomBytes(3).toString('hex')}@${t.config.companyEmailDomain}`,
      fullName: options.fullName ?? `Leave Tester ${counter}`,
      role: options.role ?? 'STAFF',
      passwordHash: await passwordHash,
    })
    .returning();
  if (!user) throw new Error('user not created');
  const employment = options.employment === undefined ? { hireDate: '2020-01-01' } : options.employment;
  if (user.role === 'STAFF' && employment) {
    await t.db.insert(employmentInfo).values({
      userId: user.id,
      designation: 'Officer',
      hireDate: employment.hireDate,
      passType: 'Singapore',
      employmentType: 'Full Time',
      ...(employment.lastDayOfService
        ? { employmentStatus: 'RESIGNED' as const, lastDayOfService: employment.lastDayOfService }
        : {}),
    });
  }
  // A session of its own, as a sign-in opens one: the access check reads it with the user.
  const { sessionId } = await issueRefreshToken(t.db, user.id);
  return { ...user, token: await t.app.accessTokens.sign(user, sessionId) };
}
export type Person = Awaited<ReturnType<typeof person>>;

/** Allowances straight in the database, as onboarding leaves them. */
export async function giveAllowances(
  t: Pick<TestApp, 'db'>,
  types: Record<string, number>,
  userId: number,
  year: number,
  allowances: Record<string, number | null>,
) {
  await t.db.insert(leaveBalances).values(
    Object.entries(allowances).map(([name, totalDays]) => {
      const leaveTypeId = types[name];
      if (!leaveTypeId) throw new Error(`no leave type ${name}`);
      return { userId, leaveTypeId, year, totalDays };
    }),
  );
}

export interface RequestBody {
  userId: number;
  leaveType: string;
  fromDate: string;
  fromDateIsAm: boolean;
  toDate: string;
  toDateIsAm: boolean;
  reason?: string;
  fileUrl?: string;
  days?: number;
}

/** The leave API as a client sees it. */
export function leaveApi(t: TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    call,
    create: (token: string, body: RequestBody) =>
      call('POST', '/api/leave-requests', token, { reason: '', fileUrl: '', days: 1, ...body }),
    decide: (token: string, id: number, status: 'APPROVED' | 'REJECTED') =>
      call('PATCH', `/api/leave-requests/${id}`, token, { status }),
    remove: (token: string, id: number) => call('DELETE', `/api/leave-requests/${id}`, token),
    async balances(token: string, userId: number, year: number): Promise<LeaveBalance[]> {
      const response = await call('GET', `/api/users/${userId}/leave-balances?year=${year}`, token);
      if (response.statusCode !== 200) throw new Error(`balances: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async balanceOf(token: string, userId: number, year: number, type: string): Promise<LeaveBalance> {
      const found = (await this.balances(token, userId, year)).find((b) => b.leaveType.name === type);
      if (!found) throw new Error(`no balance for ${type}`);
      return found;
    },
    async created(token: string, body: RequestBody): Promise<LeaveRequest> {
      const response = await this.create(token, body);
      if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
      return response.json();
    },
  };
}

export const AM = true;
export const PM = false;

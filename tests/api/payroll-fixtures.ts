import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CpfSection, CpfType, SelfHelpGroup } from '../../src/domain/payroll';
import {
  employmentInfo,
  leaveRequests,
  leaveTypes,
  paymentInfo,
  staffInfo,
} from '../../src/server/db/schema';
import { insertLeaveTypes } from '../../src/server/factories';
import { bearer, createUser, signIn, type TestApp } from './harness';

export interface EmployeeOptions {
  fullName?: string;
  dateOfBirth?: string;
  hireDate?: string;
  employmentStatus?: 'ACTIVE' | 'RESIGNED';
  lastDayOfService?: string | null;
  salaryCents?: number;
  cpfType?: CpfType;
  cpfSection?: CpfSection;
  /** [employee %, employer %]; null leaves the rates unset. */
  rates?: [number, number] | null;
  selfHelpGroup?: SelfHelpGroup;
  /** false: a registered user without staff, employment and payment info. */
  onboarded?: boolean;
  /** A real NRIC/FIN (the statutory files check its letter); otherwise a made-up unique one. */
  nric?: string;
  /** [bank name, bank code, branch code, account no]; a DBS account otherwise. */
  bank?: [name: string, bankCode: string | null, branchCode: string | null, accountNo: string];
}

let nricCounter = 1_000_000;

/** An onboarded staff member written straight into the database: each test makes the people it needs. */
export async function createEmployee(t: TestApp, options: EmployeeOptions = {}) {
  const user = await createUser(t, { role: 'STAFF', fullName: options.fullName });
  if (options.onboarded === false) return user;
  nricCounter += 1;
  await t.db.insert(staffInfo).values({
    userId: user.id,
    nric: options.nric ?? `S${nricCounter}${randomBytes(1).toString('hex').toUpperCase()}`.slice(0, 9),
    gender: 'Female',
    dateOfBirth: options.dateOfBirth ?? '1990-06-15',
    race: 'Chinese',
    nationality: 'Singaporean',
  });
  await t.db.insert(employmentInfo).values({
    userId: user.id,
    designation: 'Analyst',
    employmentStatus: options.employmentStatus ?? 'ACTIVE',
    hireDate: options.hireDate ?? '2020-01-06',
    lastDayOfService: options.lastDayOfService ?? null,
    passType: 'Singapore',
    employmentType: 'Full Time',
  });
  const rates = options.rates === undefined ? [20, 17] : options.rates;
  await t.db.insert(paymentInfo).values({
    userId: user.id,
    basicSalaryCents: options.salaryCents ?? 500_000,
    employeeCpfRate: rates?.[0] ?? null,
    employerCpfRate: rates?.[1] ?? null,
    cpfType: options.cpfType ?? 'SINGAPORE CITIZEN',
    cpfSection: options.cpfSection ?? 'CPF1',
    selfHelpGroup: options.selfHelpGroup ?? 'NONE',
    bankName: (options.bank?.[0] ?? 'DBS') as 'DBS',
    bankCode: options.bank ? options.bank[1] : '7171',
    branchCode: options.bank ? options.bank[2] : '081',
    accountNo: options.bank?.[3] ?? '0123456789',
  });
  return user;
}

/** An approved leave of the named type (created with the type if it does not exist yet). */
export async function approvedLeave(
  t: TestApp,
  userId: number,
  typeName: string,
  leave: { fromDate: string; toDate: string; fromDateIsAm?: boolean; toDateIsAm?: boolean; days: number },
) {
  let [type] = await t.db.select().from(leaveTypes).where(eq(leaveTypes.name, typeName));
  if (!type) [type] = await insertLeaveTypes(t.db, [typeName]);
  if (!type) throw new Error('leave type not created');
  await t.db.insert(leaveRequests).values({
    userId,
    leaveTypeId: type.id,
    status: 'APPROVED',
    fromDate: leave.fromDate,
    fromDateIsAm: leave.fromDateIsAm ?? true,
    toDate: leave.toDate,
    toDateIsAm: leave.toDateIsAm ?? false,
    days: leave.days,
  });
}

/** A signed-in administrator and a helper to call the API as them. */
export async function adminSession(t: TestApp) {
  const admin = await createUser(t, { role: 'ADMIN' });
  const { accessToken } = await signIn(t, admin.email, admin.password);
  return { admin, headers: bearer(accessToken) };
}

export async function staffSession(t: TestApp, user: { email: string; password: string }) {
  const { accessToken } = await signIn(t, user.email, user.password);
  return bearer(accessToken);
}

/** The API client of a test: JSON in, JSON (or the raw response) out. */
export function caller(t: TestApp, headers: Record<string, string>) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return {
      status: response.statusCode,
      body: response.body ? safeJson(response.body) : null,
      raw: response,
    };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    patch: (url: string, payload: unknown) => call('PATCH', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

import { count, sql } from 'drizzle-orm';
import { addDaysIso, todayIso } from '../domain/dates';
import { DEFAULT_LEAVE_TYPES, UNPAID_LEAVE } from '../domain/enums';
import { leaveDaysByYear } from '../domain/leave-days';
import { nricCheckLetter } from '../domain/nric';
import {
  type CpfSection,
  type CpfType,
  cpfAgeBand,
  cpfResidencyOf,
  officialCpfRates,
} from '../domain/payroll';
import type { Config } from './config';
import type { Db, Tx } from './db/client';
import {
  employmentInfo,
  leaveBalances,
  leaveRequestDays,
  leaveRequests,
  leaveTypes,
  paymentInfo,
  staffInfo,
  users,
} from './db/schema';
import { hashPassword } from './lib/secrets';
import { seedPayroll } from './seed-payroll';
import { writeAudit } from './services/audit';

/** The password every demo staff account is seeded with (documented in the README). */
export const DEMO_STAFF_PASSWORD = 'Staff@12345';

type StaffSeed = {
  fullName: string;
  email: string;
  /** Not onboarded: no staff, employment or payment info yet. */
  onboarded?: false;
  /** Created with a temporary password that must be changed at first sign-in. */
  mustChangePassword?: true;
  nric?: [prefix: 'S' | 'T' | 'F' | 'G' | 'M', digits: string];
  gender?: 'Male' | 'Female';
  dateOfBirth?: string;
  race?: 'Chinese' | 'Eurasian' | 'Malay' | 'Indian' | 'Others';
  nationality?: string;
  designation?: string;
  hireDate?: string;
  confirmedDate?: string | null;
  passType?: (typeof employmentInfo.$inferInsert)['passType'];
  employmentType?: (typeof employmentInfo.$inferInsert)['employmentType'];
  salary?: number;
  cpfType?: CpfType;
  cpfSection?: CpfSection;
  selfHelpGroup?: 'NONE' | 'CDAC' | 'SINDA' | 'MBMF' | 'ECF';
  bank?: [
    name: (typeof paymentInfo.$inferInsert)['bankName'],
    bankCode: string,
    branchCode: string,
    accountNo: string,
  ];
};

const STAFF: StaffSeed[] = [
  {
    fullName: 'Tan Wei Ming',
    email: 'weiming.tan',
    nric: ['S', '8812345'],
    gender: 'Male',
    dateOfBirth: '1988-05-14',
    race: 'Chinese',
    nationality: 'Singaporean',
    designation: 'Software Engineer',
    hireDate: '2021-03-01',
    confirmedDate: '2021-06-01',
    passType: 'Singapore',
    employmentType: 'Full Time',
    salary: 6_200,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'CDAC',
    bank: ['DBS', '7171', '081', '0123456789'],
  },
  {
    fullName: 'Nur Aisyah binti Rahman',
    email: 'aisyah.rahman',
    nric: ['T', '0023456'],
    gender: 'Female',
    dateOfBirth: '2000-09-02',
    race: 'Malay',
    nationality: 'Singaporean',
    designation: 'HR Executive',
    hireDate: '2023-07-17',
    confirmedDate: '2023-10-17',
    passType: 'Singapore',
    employmentType: 'Full Time',
    salary: 3_800,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'MBMF',
    bank: ['POSB', '7171', '081', '1987654321'],
  },
  {
    fullName: 'Rajesh s/o Kumar',
    email: 'rajesh.kumar',
    nric: ['S', '7934567'],
    gender: 'Male',
    dateOfBirth: '1979-11-21',
    race: 'Indian',
    nationality: 'Singaporean',
    designation: 'Finance Manager',
    hireDate: '2018-01-08',
    confirmedDate: '2018-04-08',
    passType: 'Singapore',
    employmentType: 'Full Time',
    salary: 8_500,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'SINDA',
    bank: ['OCBC', '7339', '501', '5012345678'],
  },
  {
    fullName: 'Chloe Fernandez',
    email: 'chloe.fernandez',
    nric: ['S', '9545678'],
    gender: 'Female',
    dateOfBirth: '1995-02-27',
    race: 'Eurasian',
    nationality: 'Singaporean',
    designation: 'Marketing Executive',
    hireDate: '2022-02-14',
    confirmedDate: '2022-05-14',
    passType: 'Singapore',
    employmentType: 'Full Time',
    salary: 4_600,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'ECF',
    bank: ['UOB', '7375', '030', '3701234567'],
  },
  {
    fullName: 'Lim Hui Ling',
    email: 'huiling.lim',
    nric: ['S', '6956789'],
    gender: 'Female',
    dateOfBirth: '1969-08-09',
    race: 'Chinese',
    nationality: 'Malaysian',
    designation: 'Senior Accountant',
    hireDate: '2015-05-04',
    confirmedDate: '2015-08-04',
    passType: 'Singapore - Pr',
    employmentType: 'Full Time',
    salary: 7_200,
    cpfType: 'PR 3 YEAR AND ABOVE',
    cpfSection: 'NONE',
    selfHelpGroup: 'CDAC',
    bank: ['Maybank', '7302', '001', '0401234567'],
  },
  {
    fullName: 'Muhammad Hafiz bin Osman',
    email: 'hafiz.osman',
    nric: ['S', '9167890'],
    gender: 'Male',
    dateOfBirth: '1991-04-18',
    race: 'Malay',
    nationality: 'Malaysian',
    designation: 'Operations Executive',
    hireDate: '2024-09-02',
    confirmedDate: '2024-12-02',
    passType: 'Singapore - Pr',
    employmentType: 'Full Time',
    salary: 4_200,
    cpfType: 'SINGAPORE PR 2 YEAR',
    cpfSection: 'CPF1',
    selfHelpGroup: 'MBMF',
    bank: ['DBS', '7171', '012', '0729876543'],
  },
  {
    fullName: 'Priya Ramasamy',
    email: 'priya.ramasamy',
    nric: ['S', '9378901'],
    gender: 'Female',
    dateOfBirth: '1993-12-05',
    race: 'Indian',
    nationality: 'Indian',
    designation: 'Business Analyst',
    hireDate: '2025-11-03',
    confirmedDate: null,
    passType: 'Singapore - Pr',
    employmentType: 'Probation Period',
    salary: 5_400,
    cpfType: 'SINGAPORE PR 1 YEAR',
    cpfSection: 'CPF2',
    selfHelpGroup: 'SINDA',
    bank: ['Standard Chartered', '7144', '001', '0112345678'],
  },
  {
    fullName: 'Nguyen Van An',
    email: 'an.nguyen',
    nric: ['G', '5089012'],
    gender: 'Male',
    dateOfBirth: '1994-07-30',
    race: 'Others',
    nationality: 'Vietnamese',
    designation: 'Technician',
    hireDate: '2023-03-13',
    confirmedDate: '2023-06-13',
    passType: 'S Pass',
    employmentType: 'Contract Worker',
    salary: 3_500,
    cpfType: 'NONE',
    cpfSection: 'NONE',
    selfHelpGroup: 'NONE',
    bank: ['OCBC', '7339', '550', '5509876543'],
  },
  {
    fullName: 'Arjun Mehta',
    email: 'arjun.mehta',
    nric: ['M', '2190123'],
    gender: 'Male',
    dateOfBirth: '1987-01-11',
    race: 'Indian',
    nationality: 'Indian',
    designation: 'Head of Engineering',
    hireDate: '2022-10-03',
    confirmedDate: '2023-01-03',
    passType: 'Employment Pass',
    employmentType: 'Full Time',
    salary: 12_500,
    cpfType: 'NONE',
    cpfSection: 'NONE',
    selfHelpGroup: 'NONE',
    bank: ['HSBC', '7232', '146', '1460123456'],
  },
  {
    fullName: 'Goh Mei Ling',
    email: 'meiling.goh',
    nric: ['S', '6401234'],
    gender: 'Female',
    dateOfBirth: '1964-03-22',
    race: 'Chinese',
    nationality: 'Singaporean',
    designation: 'Office Administrator',
    hireDate: '2012-06-18',
    confirmedDate: '2012-09-18',
    passType: 'Singapore',
    employmentType: 'Part Time',
    salary: 2_400,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'CDAC',
    bank: ['POSB', '7171', '081', '1561234567'],
  },
  {
    fullName: 'Daniel Koh Jun Jie',
    email: 'daniel.koh',
    mustChangePassword: true,
    nric: ['T', '0245678'],
    gender: 'Male',
    dateOfBirth: '2002-10-08',
    race: 'Chinese',
    nationality: 'Singaporean',
    designation: 'Junior Designer',
    hireDate: `${todayIso().slice(0, 8)}01`,
    confirmedDate: null,
    passType: 'Singapore',
    employmentType: 'Probation Period',
    salary: 3_200,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'CDAC',
    bank: ['UOB', '7375', '140', '1401234567'],
  },
  { fullName: 'Wong Kar Yan', email: 'karyan.wong', onboarded: false },
];

/** Leave types counted on calendar days rather than working days. */
const CALENDAR_DAY_TYPES: readonly string[] = ['Hospitalisation Leave', 'Maternity Leave'];

/** Yearly allowances given to onboarded demo staff; null = no limit. */
const ALLOWANCES: Record<(typeof DEFAULT_LEAVE_TYPES)[number], number | null> = {
  'Annual Leave': 14,
  'Medical Leave': 14,
  'Hospitalisation Leave': 60,
  'Childcare Leave': 6,
  'Maternity Leave': 0,
  'Paternity Leave': 0,
  'Compassionate Leave': 3,
  'Unpaid Leave': null,
};

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Seeds the demo company once: a second start finds users and does nothing. */
export async function seedIfEmpty(
  db: Db,
  config: Pick<Config, 'seedAdminEmail' | 'seedAdminPassword' | 'companyEmailDomain'>,
) {
  if (!(await isDatabaseEmpty(db))) return false;
  const adminHash = await hashPassword(config.seedAdminPassword);
  const staffHash = await hashPassword(DEMO_STAFF_PASSWORD);
  await db.transaction(async (tx) => {
    // Two starts racing on one empty database: the second waits here and then finds the seed done.
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return;
    await seedCompany(tx, config, adminHash, staffHash);
  });
  return true;
}

async function seedCompany(
  tx: Tx,
  config: Pick<Config, 'seedAdminEmail' | 'companyEmailDomain'>,
  adminHash: string,
  staffHash: string,
) {
  const today = todayIso();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));

  const types = await tx
    .insert(leaveTypes)
    .values(
      DEFAULT_LEAVE_TYPES.map((name, i) => ({
        name,
        sortOrder: i + 1,
        countsCalendarDays: CALENDAR_DAY_TYPES.includes(name),
      })),
    )
    .returning();
  const typeId = (name: string) => {
    const found = types.find((t) => t.name === name);
    if (!found) throw new Error(`seed: leave type ${name} missing`);
    return found.id;
  };

  const [admin] = await tx
    .insert(users)
    .values({ email: config.seedAdminEmail, fullName: 'Siti Rahmah', role: 'ADMIN', passwordHash: adminHash })
    .returning({ id: users.id });
  if (!admin) throw new Error('seed: admin not created');

  const staffIds: number[] = [];
  for (const person of STAFF) {
    const [user] = await tx
      .insert(users)
      .values({
        email: `${person.email}@${config.companyEmailDomain}`,
        fullName: person.fullName,
        role: 'STAFF',
        passwordHash: staffHash,
        mustChangePassword: person.mustChangePassword ?? false,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('seed: staff not created');
    if (person.onboarded === false) continue;
    staffIds.push(user.id);
    await onboardDemoStaff(tx, user.id, person, year, month);
    await tx.insert(leaveBalances).values(
      types.map((t) => ({
        userId: user.id,
        leaveTypeId: t.id,
        year,
        totalDays: ALLOWANCES[t.name as keyof typeof ALLOWANCES] ?? (t.name === UNPAID_LEAVE ? null : 0),
      })),
    );
  }

  // Requests in every status: decided ones in the past, pending ones ahead.
  const requests: {
    who: number;
    type: string;
    from: number;
    fromAm: boolean;
    to: number;
    toAm: boolean;
    status: 'PENDING' | 'APPROVED' | 'REJECTED';
    reason: string;
  }[] = [
    {
      who: 0,
      type: 'Annual Leave',
      from: -40,
      fromAm: true,
      to: -38,
      toAm: false,
      status: 'APPROVED',
      reason: 'Family trip to Penang',
    },
    {
      who: 1,
      type: 'Medical Leave',
      from: -21,
      fromAm: true,
      to: -21,
      toAm: false,
      status: 'APPROVED',
      reason: 'Fever, MC attached at clinic',
    },
    {
      who: 2,
      type: 'Annual Leave',
      from: -10,
      fromAm: false,
      to: -9,
      toAm: false,
      status: 'REJECTED',
      reason: 'Quarter-end closing week',
    },
    {
      who: 3,
      type: 'Childcare Leave',
      from: -5,
      fromAm: true,
      to: -5,
      toAm: true,
      status: 'APPROVED',
      reason: 'Child’s school meeting',
    },
    {
      who: 4,
      type: 'Compassionate Leave',
      from: -3,
      fromAm: true,
      to: -2,
      toAm: false,
      status: 'APPROVED',
      reason: 'Bereavement',
    },
    {
      who: 0,
      type: 'Annual Leave',
      from: 7,
      fromAm: true,
      to: 9,
      toAm: false,
      status: 'PENDING',
      reason: 'Wedding anniversary',
    },
    {
      who: 5,
      type: 'Annual Leave',
      from: 12,
      fromAm: true,
      to: 12,
      toAm: true,
      status: 'PENDING',
      reason: 'Renewal of passport',
    },
    {
      who: 6,
      type: 'Unpaid Leave',
      from: 20,
      fromAm: true,
      to: 24,
      toAm: false,
      status: 'PENDING',
      reason: 'Extended family visit',
    },
    {
      who: 8,
      type: 'Medical Leave',
      from: -14,
      fromAm: true,
      to: -13,
      toAm: false,
      status: 'REJECTED',
      reason: 'Dental surgery',
    },
    {
      who: 9,
      type: 'Annual Leave',
      from: 3,
      fromAm: false,
      to: 4,
      toAm: false,
      status: 'PENDING',
      reason: 'Moving house',
    },
  ];
  for (const request of requests) {
    const userId = staffIds[request.who];
    if (userId === undefined) continue;
    const fromDate = addDaysIso(today, request.from);
    const toDate = addDaysIso(today, request.to);
    // Keep the demo inside this year, where the balances live.
    if (fromDate.slice(0, 4) !== String(year) || toDate.slice(0, 4) !== String(year)) continue;
    const charges = leaveDaysByYear(
      { fromDate, fromDateIsAm: request.fromAm, toDate, toDateIsAm: request.toAm },
      { calendarDays: CALENDAR_DAY_TYPES.includes(request.type) },
    );
    const days = charges.reduce((sum, charge) => sum + charge.days, 0);
    if (days === 0) continue;
    const [created] = await tx
      .insert(leaveRequests)
      .values({
        userId,
        leaveTypeId: typeId(request.type),
        status: request.status,
        fromDate,
        fromDateIsAm: request.fromAm,
        toDate,
        toDateIsAm: request.toAm,
        days,
        reason: request.reason,
        createdById: userId,
        decidedById: request.status === 'PENDING' ? null : admin.id,
      })
      .returning({ id: leaveRequests.id });
    if (!created) throw new Error('seed: leave request not created');
    await tx
      .insert(leaveRequestDays)
      .values(charges.map((charge) => ({ leaveRequestId: created.id, ...charge })));
    await writeAudit(tx, {
      actorUserId: null,
      action: 'leaveRequest.seeded',
      entity: 'leaveRequest',
      entityId: created?.id,
    });
  }
  await seedPayroll(tx, { id: admin.id, role: 'ADMIN' }, today);
  await writeAudit(tx, {
    actorUserId: null,
    action: 'company.seeded',
    entity: 'company',
    details: { staff: STAFF.length },
  });
}

async function onboardDemoStaff(tx: Tx, userId: number, person: StaffSeed, year: number, month: number) {
  const [prefix, digits] = person.nric ?? ['S', '0000000'];
  await tx.insert(staffInfo).values({
    userId,
    gender: person.gender ?? null,
    nric: `${prefix}${digits}${nricCheckLetter(prefix, digits)}`,
    dateOfBirth: person.dateOfBirth ?? '1990-01-01',
    race: person.race ?? 'Others',
    nationality: person.nationality ?? 'Singaporean',
  });
  await tx.insert(employmentInfo).values({
    userId,
    designation: person.designation ?? 'Staff',
    hireDate: person.hireDate ?? '2024-01-02',
    confirmedDate: person.confirmedDate ?? null,
    passType: person.passType ?? 'Singapore',
    employmentType: person.employmentType ?? 'Full Time',
  });
  const cpfType = person.cpfType ?? 'NONE';
  const cpfSection = person.cpfSection ?? 'NONE';
  const rates = officialRatesOrNull(cpfType, cpfSection, person.dateOfBirth ?? '1990-01-01', year, month);
  const [bankName, bankCode, branchCode, accountNo] = person.bank ?? [null, null, null, null];
  await tx.insert(paymentInfo).values({
    userId,
    basicSalaryCents: (person.salary ?? 3000) * 100,
    employeeCpfRate: rates?.employeePercent ?? null,
    employerCpfRate: rates?.employerPercent ?? null,
    cpfType,
    cpfSection,
    selfHelpGroup: person.selfHelpGroup ?? 'NONE',
    bankName,
    bankCode,
    branchCode,
    accountNo,
  });
}

/** The official rates prefill the payment info, as the onboarding form does; none without CPF. */
function officialRatesOrNull(
  cpfType: CpfType,
  cpfSection: CpfSection,
  dateOfBirth: string,
  year: number,
  month: number,
) {
  const residency = cpfResidencyOf(cpfType, cpfSection);
  if (!residency) return null;
  try {
    return officialCpfRates({ year, month, residency, ageBand: cpfAgeBand(dateOfBirth, year, month) });
  } catch {
    // A year beyond the rate tables: leave the rates for HR to fill in rather than guess.
    return null;
  }
}

import type { Role } from '../domain/auth';
import {
  type BANK_NAMES,
  behaviourOfLeaveType,
  DEFAULT_LEAVE_POLICIES,
  type DefaultLeaveType,
  type EMPLOYMENT_TYPES,
  type GENDERS,
  type PASS_TYPES,
  type RACES,
} from '../domain/enums';
import { policyForNewType } from '../domain/leave-policies';
import type { Nationality } from '../domain/nationalities';
import { nricCheckLetter } from '../domain/nric';
import {
  type CpfSection,
  type CpfType,
  cpfAgeBand,
  cpfResidencyOf,
  officialCpfRates,
} from '../domain/payroll';
import type { DbOrTx } from './db/client';
import { leavePolicies } from './db/leave-law-schema';
import { employmentInfo, leaveBalances, leaveTypes, paymentInfo, staffInfo, users } from './db/schema';

// Row factories for the demo seed and the API tests' fixtures. They write records directly because
// the demo holds facts no screen creates in one step (a past hire, a resignation already served,
// last year's allowances), applying the rules the services apply (NRIC check letter, official CPF
// rates). Leave requests are not made here: the seed files and decides them through the leave
// services, so their audit trail is the real one.

export async function insertUser(
  db: DbOrTx,
  values: { email: string; fullName: string; role: Role; passwordHash: string; mustChangePassword?: boolean },
) {
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      email: values.email.toLowerCase(),
      mustChangePassword: values.mustChangePassword ?? false,
    })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

/** Inserts leave types with their behaviour and their policy (the law's defaults for the default types). */
export async function insertLeaveTypes(db: DbOrTx, names: readonly string[]) {
  const types = await db
    .insert(leaveTypes)
    .values(
      names.map((name, i) => ({
        name,
        sortOrder: i + 1,
        ...behaviourOfLeaveType(name),
      })),
    )
    .returning();
  if (types.length > 0) {
    await db.insert(leavePolicies).values(
      types.map((type) => ({
        leaveTypeId: type.id,
        ...(DEFAULT_LEAVE_POLICIES[type.name as DefaultLeaveType] ?? policyForNewType(type.unlimited)),
      })),
    );
  }
  return types;
}

export interface OnboardingProfile {
  nric: [prefix: 'S' | 'T' | 'F' | 'G' | 'M', digits: string];
  gender?: (typeof GENDERS)[number] | null;
  dateOfBirth: string;
  race: (typeof RACES)[number];
  nationality: Nationality;
  designation: string;
  hireDate: string;
  confirmedDate?: string | null;
  passType: (typeof PASS_TYPES)[number];
  employmentType: (typeof EMPLOYMENT_TYPES)[number];
  /** Set for RESIGNED staff. */
  lastDayOfService?: string | null;
  /** Dollars a month. */
  salary: number;
  cpfType: CpfType;
  cpfSection: CpfSection;
  selfHelpGroup: 'NONE' | 'CDAC' | 'SINDA' | 'MBMF' | 'ECF';
  bank?: [name: (typeof BANK_NAMES)[number], bankCode: string, branchCode: string, accountNo: string];
}

/** Staff, employment and payment info, as onboarding creates them; CPF rates prefilled from the official tables. */
export async function insertOnboarding(
  db: DbOrTx,
  userId: number,
  profile: OnboardingProfile,
  period: { year: number; month: number },
) {
  const [prefix, digits] = profile.nric;
  await db.insert(staffInfo).values({
    userId,
    gender: profile.gender ?? null,
    nric: `${prefix}${digits}${nricCheckLetter(prefix, digits)}`,
    dateOfBirth: profile.dateOfBirth,
    race: profile.race,
    nationality: profile.nationality,
  });
  await db.insert(employmentInfo).values({
    userId,
    designation: profile.designation,
    hireDate: profile.hireDate,
    confirmedDate: profile.confirmedDate ?? null,
    passType: profile.passType,
    employmentType: profile.employmentType,
    employmentStatus: profile.lastDayOfService ? 'RESIGNED' : 'ACTIVE',
    lastDayOfService: profile.lastDayOfService ?? null,
  });
  const rates = officialRatesOrNull(profile.cpfType, profile.cpfSection, profile.dateOfBirth, period);
  const [bankName, bankCode, branchCode, accountNo] = profile.bank ?? [null, null, null, null];
  await db.insert(paymentInfo).values({
    userId,
    basicSalaryCents: Math.round(profile.salary * 100),
    employeeCpfRate: rates?.employeePercent ?? null,
    employerCpfRate: rates?.employerPercent ?? null,
    cpfType: profile.cpfType,
    cpfSection: profile.cpfSection,
    selfHelpGroup: profile.selfHelpGroup,
    bankName,
    bankCode,
    branchCode,
    accountNo,
  });
}

/** One balance per leave type for the year; `null` total = no limit. */
export async function insertLeaveBalances(
  db: DbOrTx,
  userId: number,
  year: number,
  totals: Array<{ leaveTypeId: number; totalDays: number | null }>,
) {
  await db.insert(leaveBalances).values(totals.map((t) => ({ userId, year, ...t })));
}

/** The official rates prefill the payment info, as the onboarding form does; none without CPF. */
function officialRatesOrNull(
  cpfType: CpfType,
  cpfSection: CpfSection,
  dateOfBirth: string,
  { year, month }: { year: number; month: number },
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

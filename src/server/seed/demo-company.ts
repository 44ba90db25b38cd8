import { todayIso } from '../../domain/dates';
import type {
  BANK_NAMES,
  DEFAULT_LEAVE_TYPES,
  EMPLOYMENT_TYPES,
  PASS_TYPES,
  RACES,
} from '../../domain/enums';
import type { Nationality } from '../../domain/nationalities';
import type { CpfSection, CpfType, PayItemKind, PayItemType } from '../../domain/payroll';

// The demo company that `npm start` and `npm run seed` create on an empty database: data only.
// The seed (../seed.ts) turns it into rows through the same factories the tests use.

/**
 * The demo company's particulars (fictitious: the UEN is the shape of a local company's, the
 * account a 10-digit UOB one), so the statutory files can be tried on the demo months.
 */
export const DEMO_COMPANY_PARTICULARS = {
  uen: '201912345K',
  cpfSubmissionNumber: '201912345KPTE01',
  address: '1 Demo Street, #01-01, Singapore 012345',
} as const;

/** The demo company's salary account (a 10-digit UOB one), named as the company is. */
export const DEMO_COMPANY_ACCOUNT = { bankName: 'UOB', accountNo: '1234567890' } as const;

/** The password every demo staff account is seeded with (documented in the README). */
export const DEMO_STAFF_PASSWORD = 'Staff@12345';
export const DEMO_ADMIN_NAME = 'Siti Rahmah';

export interface DemoStaff {
  fullName: string;
  /** The part before @; the domain is COMPANY_EMAIL_DOMAIN. Leave requests name staff by it. */
  email: string;
  /** Not onboarded: no staff, employment or payment info yet. */
  onboarded?: false;
  /** Created with a temporary password that must be changed at first sign-in. */
  mustChangePassword?: true;
  nric?: [prefix: 'S' | 'T' | 'F' | 'G' | 'M', digits: string];
  gender?: 'Male' | 'Female';
  dateOfBirth?: string;
  race?: (typeof RACES)[number];
  nationality?: Nationality;
  designation?: string;
  hireDate?: string;
  confirmedDate?: string | null;
  passType?: (typeof PASS_TYPES)[number];
  employmentType?: (typeof EMPLOYMENT_TYPES)[number];
  /** Resigned staff keep their records (payroll must be kept) and carry the last day of service. */
  resigned?: { lastDayOfService: string };
  salary?: number;
  cpfType?: CpfType;
  cpfSection?: CpfSection;
  selfHelpGroup?: 'NONE' | 'CDAC' | 'SINDA' | 'MBMF' | 'ECF';
  bank?: [name: (typeof BANK_NAMES)[number], bankCode: string, branchCode: string, accountNo: string];
}

export const DEMO_STAFF: DemoStaff[] = [
  {
    fullName: 'Tan Wei Ming',
    email: 'weiming.tan',
    nric: ['S', '8812345'],
    gender: 'Male',
    dateOfBirth: '1988-05-14',
    race: 'Chinese',
    nationality: 'SINGAPORE CITIZEN',
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
    nationality: 'SINGAPORE CITIZEN',
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
    nationality: 'SINGAPORE CITIZEN',
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
    nationality: 'SINGAPORE CITIZEN',
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
    nationality: 'MALAYSIAN',
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
    nationality: 'MALAYSIAN',
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
    nationality: 'INDIAN',
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
    nationality: 'VIETNAMESE',
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
    nationality: 'INDIAN',
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
    nationality: 'SINGAPORE CITIZEN',
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
    nationality: 'SINGAPORE CITIZEN',
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
  {
    fullName: 'Marcus Lee Jun Hao',
    email: 'marcus.lee',
    nric: ['S', '9012876'],
    gender: 'Male',
    dateOfBirth: '1990-03-18',
    race: 'Chinese',
    nationality: 'SINGAPORE CITIZEN',
    designation: 'Sales Executive',
    hireDate: '2020-06-01',
    confirmedDate: '2020-09-01',
    passType: 'Singapore',
    employmentType: 'Contract Worker',
    resigned: { lastDayOfService: '2026-09-30' },
    salary: 4_300,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'CDAC',
    bank: ['OCBC', '7339', '512', '5129876543'],
  },
  { fullName: 'Wong Kar Yan', email: 'karyan.wong', onboarded: false },
];

export interface DemoLeaveRequest {
  /** A DEMO_STAFF e-mail local part. */
  who: string;
  type: (typeof DEFAULT_LEAVE_TYPES)[number];
  /** Days from today. */
  from: number;
  fromAm: boolean;
  to: number;
  toAm: boolean;
  /** What the administrator decided; a request without a decision stays pending. */
  decision?: 'approve' | 'reject';
  reason: string;
  /** `from` and `to` count from the last 31 December instead of today: a request across the year end. */
  aroundYearEnd?: true;
  /** A generated PDF stored as the request's attachment (a letter with these lines). */
  pdfAttachment?: { fileName: string; title: string; lines: string[] };
}

/** Requests in every status: decided ones in the past, pending ones ahead. */
export const DEMO_LEAVE_REQUESTS: DemoLeaveRequest[] = [
  {
    who: 'weiming.tan',
    type: 'Annual Leave',
    from: -40,
    fromAm: true,
    to: -38,
    toAm: false,
    decision: 'approve',
    reason: 'Family trip to Penang',
  },
  {
    who: 'aisyah.rahman',
    type: 'Medical Leave',
    from: -21,
    fromAm: true,
    to: -21,
    toAm: false,
    decision: 'approve',
    reason: 'Fever, MC attached at clinic',
  },
  {
    who: 'rajesh.kumar',
    type: 'Annual Leave',
    from: -10,
    fromAm: false,
    to: -9,
    toAm: false,
    decision: 'reject',
    reason: 'Quarter-end closing week',
  },
  {
    who: 'chloe.fernandez',
    type: 'Childcare Leave',
    from: -5,
    fromAm: true,
    to: -5,
    toAm: true,
    decision: 'approve',
    reason: 'Child’s school meeting',
  },
  {
    who: 'huiling.lim',
    type: 'Compassionate Leave',
    from: -3,
    fromAm: true,
    to: -2,
    toAm: false,
    decision: 'approve',
    reason: 'Bereavement',
  },
  {
    who: 'weiming.tan',
    type: 'Annual Leave',
    from: 7,
    fromAm: true,
    to: 9,
    toAm: false,
    reason: 'Wedding anniversary',
  },
  {
    who: 'hafiz.osman',
    type: 'Annual Leave',
    from: 12,
    fromAm: true,
    to: 12,
    toAm: true,
    reason: 'Renewal of passport',
  },
  {
    who: 'priya.ramasamy',
    type: 'Unpaid Leave',
    from: 20,
    fromAm: true,
    to: 24,
    toAm: false,
    reason: 'Extended family visit',
  },
  {
    who: 'arjun.mehta',
    type: 'Medical Leave',
    from: -14,
    fromAm: true,
    to: -13,
    toAm: false,
    decision: 'reject',
    reason: 'Dental surgery',
  },
  {
    who: 'meiling.goh',
    type: 'Annual Leave',
    from: 3,
    fromAm: false,
    to: 4,
    toAm: false,
    reason: 'Moving house',
  },
  {
    // 29 December PM to 2 January AM of the year just begun: charged to both years.
    who: 'rajesh.kumar',
    type: 'Annual Leave',
    from: -2,
    fromAm: false,
    to: 2,
    toAm: true,
    decision: 'approve',
    reason: 'Year-end holiday in Kerala',
    aroundYearEnd: true,
  },
  {
    // Overlaps Priya's unpaid leave, so the approver sees a clash.
    who: 'aisyah.rahman',
    type: 'Hospitalisation Leave',
    from: 21,
    fromAm: true,
    to: 23,
    toAm: false,
    reason: 'Scheduled knee surgery; the hospital letter is attached',
    pdfAttachment: {
      fileName: 'hospital-letter',
      title: 'Admission letter',
      lines: [
        'Singapore General Hospital (demo)',
        'Admission for elective knee arthroscopy.',
        'The patient is expected to be hospitalised for three days.',
      ],
    },
  },
];

export interface DemoPayItem {
  /** A DEMO_STAFF e-mail local part (an onboarded person). */
  who: string;
  kind: PayItemKind;
  type: PayItemType;
  /** Dollars. */
  amount: number;
}

export interface DemoPayMonth {
  /** How many months before the current one. */
  monthsBack: number;
  items: DemoPayItem[];
  /** Approved Unpaid Leave on two working days of the month, before its payslips exist (prefilled). */
  unpaidLeave?: { who: string; reason: string };
}

/**
 * Three processed months before the current one (src/server/seed-payroll.ts): a plain month, a month with
 * bonuses, and a month with an unpaid-leave deduction. Among the staff paid: Lim Hui Ling, past 55, and
 * Muhammad Hafiz, a PR in the second year.
 */
export const DEMO_PAY_MONTHS: DemoPayMonth[] = [
  { monthsBack: 3, items: [] },
  {
    monthsBack: 2,
    items: [
      { who: 'weiming.tan', kind: 'BONUS', type: 'BONUS', amount: 3000 },
      { who: 'chloe.fernandez', kind: 'BONUS', type: 'COMMISION', amount: 850 },
      { who: 'rajesh.kumar', kind: 'BONUS', type: 'AWS', amount: 8500 },
      { who: 'huiling.lim', kind: 'BONUS', type: 'BONUS', amount: 2000 },
      { who: 'hafiz.osman', kind: 'ADHOC', type: 'OVERTIME', amount: 245.5 },
    ],
  },
  {
    monthsBack: 1,
    items: [
      { who: 'hafiz.osman', kind: 'ADHOC', type: 'OVERTIME', amount: 180 },
      { who: 'weiming.tan', kind: 'OTHER_ADDITION', type: 'TRAVEL_ALLOWANCE', amount: 120 },
      { who: 'aisyah.rahman', kind: 'OTHER_DEDUCTION', type: 'LOAN', amount: 200 },
    ],
    unpaidLeave: { who: 'an.nguyen', reason: 'Family matters overseas' },
  },
];

import ExcelJS from 'exceljs';

/**
 * Staff import files written from the words (issue 38 item 2), independently of the app's code:
 * the NRIC check letter below follows ICA's published rule (weights 2,7,6,5,4,3,2, +4 for T/G, the
 * S/T and F/G letter tables), not src/domain/nric.ts.
 */
const ST = 'JZIHGFEDCBA';
const FG = 'XWUTRQPNMLK';
export function nricFor(prefix: 'S' | 'T' | 'F' | 'G', n: number): string {
  const digits = String(n).padStart(7, '0');
  const weights = [2, 7, 6, 5, 4, 3, 2];
  let sum = prefix === 'T' || prefix === 'G' ? 4 : 0;
  for (let i = 0; i < 7; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const table = prefix === 'S' || prefix === 'T' ? ST : FG;
  return `${prefix}${digits}${table[sum % 11]}`;
}
/** The same number with a wrong check letter. */
export const wrongLetter = (nric: string) => `${nric.slice(0, 8)}${nric.endsWith('A') ? 'B' : 'A'}`;

/** The leave types the tests seed, every one but Unpaid Leave needing an allowance. */
export const LEAVE_HEADINGS = [
  'Annual Leave',
  'Medical Leave',
  'Hospitalisation Leave',
  'Childcare Leave',
  'Maternity Leave',
  'Paternity Leave',
  'Compassionate Leave',
];

export const HEADINGS = [
  'fullName',
  'email',
  'nric',
  'dateOfBirth',
  'gender',
  'race',
  'nationality',
  'designation',
  'hireDate',
  'confirmedDate',
  'passType',
  'employmentType',
  'basicSalary',
  'employeeCpfContributionRate',
  'employerCpfContributionRate',
  'cpfType',
  'cpfSection',
  'selfHelpGroup',
  'bankName',
  'bankCode',
  'branchCode',
  'accountNo',
  ...LEAVE_HEADINGS,
];

export type Row = Record<string, string>;

/** A valid employee; `i` keeps e-mail and NRIC unique within a run (`base` apart between runs). */
export function validRow(i: number, domain: string, base: number): Row {
  const n = base + i;
  return {
    fullName: `Import Person ${n}`,
    email: `import.${n}@${domain}`,
    nric: nricFor(i % 2 === 0 ? 'S' : 'T', 1_000_000 + n),
    dateOfBirth: `19${80 + (i % 20)}-0${1 + (i % 9)}-15`,
    gender: i % 2 === 0 ? 'Female' : 'Male',
    race: ['Chinese', 'Malay', 'Indian', 'Eurasian', 'Others'][i % 5] ?? 'Chinese',
    nationality: 'SINGAPORE CITIZEN',
    designation: 'Analyst',
    hireDate: '2023-03-01',
    confirmedDate: '2023-09-01',
    passType: 'Singapore',
    employmentType: 'Full Time',
    basicSalary: String(3_000 + i * 10),
    employeeCpfContributionRate: '20',
    employerCpfContributionRate: '17',
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'NONE',
    bankName: 'DBS',
    bankCode: '7171',
    branchCode: '001',
    accountNo: `001-${String(100_000 + n)}-1`,
    'Annual Leave': '14',
    'Medical Leave': '14',
    'Hospitalisation Leave': '60',
    'Childcare Leave': '6',
    'Maternity Leave': '0',
    'Paternity Leave': '0',
    'Compassionate Leave': '2.5',
  };
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
export const toCsv = (rows: Row[], headings = HEADINGS) =>
  `${[headings.join(','), ...rows.map((row) => headings.map((h) => quote(row[h] ?? '')).join(','))].join('\r\n')}\r\n`;

export async function toXlsx(rows: Row[], headings = HEADINGS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Staff');
  sheet.addRow(headings);
  for (const row of rows) sheet.addRow(headings.map((h) => row[h] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

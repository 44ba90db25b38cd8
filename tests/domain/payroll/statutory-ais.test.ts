import { describe, expect, it } from 'vitest';
import type { Ir8aFigures } from '../../../src/domain/payroll/ir8a';
import {
  type AisEmployer,
  aisDetailRecord,
  aisIr8aFile,
  aisIr8aProblems,
  StatutoryFileError,
} from '../../../src/domain/payroll/statutory';

/*
 * The AIS IR8A text file against the positions of shared/payroll/statutory-files.md section 3.3 and
 * the codes of section 3.2. Every expectation below is read from those tables or worked by hand.
 */

/** 1-based inclusive columns, as section 3.3 numbers them. */
const cols = (record: string, from: number, to: number) => record.slice(from - 1, to);
const records = (content: string) => content.slice(0, -2).split('\r\n');

const employer: AisEmployer = {
  name: 'Acme Pte. Ltd.',
  uen: '201912345K',
  authorisedPersonName: 'Siti Rahmah',
  authorisedPersonDesignation: 'HR Manager',
  authorisedPersonPhone: '6123 4567',
  authorisedPersonEmail: 'siti.rahmah@acme.example',
};

const noAddress = {
  addressBlock: null,
  addressStreet: null,
  addressUnit: null,
  addressPostalCode: null,
  foreignAddress: null,
};

/** One employee's year as the IR8A engine gives it; amounts in cents. */
function row(
  overrides: Partial<Omit<Ir8aFigures, 'employee'>> & { employee: Partial<Ir8aFigures['employee']> },
): Ir8aFigures {
  const { employee, ...rest } = overrides;
  return {
    year: 2025,
    employee: {
      userId: 1,
      fullName: 'Someone',
      idNumber: 'S1234567D',
      idType: 'NRIC',
      designation: 'Analyst',
      dateOfBirth: '1990-01-01',
      gender: 'Male',
      nationality: 'SINGAPORE CITIZEN',
      hireDate: '2020-01-06',
      lastDayOfService: null,
      address: {
        addressBlock: '1',
        addressStreet: 'Street',
        addressUnit: null,
        addressPostalCode: '100001',
        foreignAddress: null,
      },
      ...employee,
    },
    periodFrom: '2025-01-01',
    periodTo: '2025-12-31',
    salaryCents: 0,
    bonusCents: 0,
    directorsFeesCents: 0,
    commissionCents: 0,
    transportAllowanceCents: 0,
    otherAllowancesCents: 0,
    lumpSumCents: 0,
    othersCents: 0,
    totalCents: 0,
    bonusDeclarationDate: null,
    employeeCpfCents: 0,
    mbfCents: 0,
    donationsCents: 0,
    excludedCents: 0,
    provisional: false,
    declarationDate: '2026-01-05',
    ...rest,
  };
}

// A citizen with an NRIC, a whole year, a bonus and allowances, CDAC donations.
const citizen = row({
  employee: {
    userId: 11,
    fullName: 'Tan Wei Ming',
    idNumber: 'S1234567D',
    gender: 'Male',
    dateOfBirth: '1985-03-09',
    designation: 'Senior Engineer',
    address: {
      addressBlock: '123',
      addressStreet: 'Ang Mo Kio Avenue 3',
      addressUnit: '#05-12',
      addressPostalCode: '560123',
      foreignAddress: null,
    },
  },
  salaryCents: 6_000_075, // $60,000.75 -> 60000
  bonusCents: 500_000, // $5,000.00
  bonusDeclarationDate: '2025-12-24',
  transportAllowanceCents: 120_050, // $1,200.50
  otherAllowancesCents: 60_000, // $600.00
  othersCents: 180_050, // $1,800.50 -> 1800
  employeeCpfCents: 1_200_040, // $12,000.40 -> 12000
  donationsCents: 3_600, // CDAC $36.00
});

// A permanent resident (NRIC, T series), female, contributing to MBMF: $33.00 to the mosque, $12.00 Mendaki.
const resident = row({
  employee: {
    userId: 12,
    fullName: 'Nur Aisyah binti Rahman',
    idNumber: 'T0123456G',
    gender: 'Female',
    dateOfBirth: '2001-11-30',
    nationality: 'SINGAPORE P.R.',
    hireDate: '2025-04-01',
    address: {
      ...noAddress,
      addressBlock: '45B',
      addressStreet: 'Jalan Bukit Merah',
      addressPostalCode: '150045',
    },
  },
  periodFrom: '2025-04-01',
  salaryCents: 3_420_000, // 9 x $3,800
  employeeCpfCents: 684_000,
  mbfCents: 3_300,
  donationsCents: 1_200,
});

// A foreigner with a FIN who left in October, paid commission.
const foreigner = row({
  employee: {
    userId: 13,
    fullName: 'John Smith',
    idNumber: 'G1234567X',
    gender: 'Male',
    dateOfBirth: '1979-07-04',
    nationality: 'BRITISH',
    hireDate: '2019-02-01',
    lastDayOfService: '2025-10-31',
    address: {
      ...noAddress,
      addressBlock: '8',
      addressStreet: 'Orchard Road',
      addressUnit: '#12-345',
      addressPostalCode: '238801',
    },
  },
  periodTo: '2025-10-31',
  salaryCents: 8_000_099, // -> 80000
  commissionCents: 250_000, // $2,500.00
  othersCents: 250_000,
});

/** The test's own code table: 301 is IRAS's; the other two stand in for codes IRAS would give. */
const codes = { 'SINGAPORE CITIZEN': '301', 'SINGAPORE P.R.': '901', BRITISH: '902' };
const file = aisIr8aFile({
  year: 2025,
  employer,
  rows: [citizen, resident, foreigner],
  batchDate: '2026-02-15',
  nationalityCodes: codes,
});
const [header = '', tanRecord = '', nurRecord = '', smithRecord = '', trailer = ''] = records(file.content);

describe('the AIS IR8A file', () => {
  it('is a header, one detail per employee and a trailer, each 1,200 characters and ended by CRLF', () => {
    const lines = records(file.content);
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toHaveLength(1200);
    expect(file.content.endsWith('\r\n')).toBe(true);
    expect(lines.map((line) => line[0])).toEqual(['0', '1', '1', '1', '2']);
    expect(file.fileName).toBe('IR8A_2025_201912345K.txt');
  });

  it('writes the header at the positions of section 3.3', () => {
    expect(cols(header, 2, 2)).toBe('6'); // private sector
    expect(cols(header, 3, 6)).toBe('2025'); // basis year = the year of income
    expect(cols(header, 7, 8)).toBe('08');
    expect(cols(header, 9, 9)).toBe('8'); // a UEN of 9 digits and a letter: a local company (ROC)
    expect(cols(header, 10, 21)).toBe('201912345K  ');
    expect(cols(header, 22, 51)).toBe('Siti Rahmah'.padEnd(30));
    expect(cols(header, 52, 81)).toBe('HR Manager'.padEnd(30));
    expect(cols(header, 82, 141)).toBe('Acme Pte. Ltd.'.padEnd(60));
    expect(cols(header, 142, 161)).toBe('6123 4567'.padEnd(20));
    expect(cols(header, 162, 221)).toBe('siti.rahmah@acme.example'.padEnd(60));
    expect(cols(header, 222, 222)).toBe('O');
    expect(cols(header, 223, 230)).toBe('20260215');
    expect(cols(header, 231, 1200).trim()).toBe('');
  });

  it("writes the citizen's identity, Singapore address and dollar amounts at their positions", () => {
    const r = tanRecord;
    expect(cols(r, 2, 2)).toBe('1'); // NRIC
    expect(cols(r, 3, 14)).toBe('S1234567D   ');
    expect(cols(r, 15, 94)).toBe('Tan Wei Ming'.padEnd(80));
    expect(cols(r, 95, 95)).toBe('L');
    expect(cols(r, 96, 105)).toBe('123       ');
    expect(cols(r, 106, 137)).toBe('Ang Mo Kio Avenue 3'.padEnd(32));
    expect(cols(r, 138, 140)).toBe('05 ');
    expect(cols(r, 141, 145)).toBe('12   ');
    expect(cols(r, 146, 151)).toBe('560123');
    expect(cols(r, 152, 250).trim()).toBe(''); // no foreign lines, postal code or country
    expect(cols(r, 251, 253)).toBe('301');
    expect(cols(r, 254, 254)).toBe('M');
    expect(cols(r, 255, 262)).toBe('19850309');
    // 60000 + 5000 + 0 + 1800 whole dollars.
    expect(cols(r, 263, 271)).toBe('000066800');
    expect(cols(r, 272, 279)).toBe('20250101');
    expect(cols(r, 280, 287)).toBe('20251231');
    expect(cols(r, 288, 292)).toBe('00000'); // no MBF
    expect(cols(r, 293, 297)).toBe('00036');
    expect(cols(r, 298, 304)).toBe('0012000');
    expect(cols(r, 305, 309)).toBe('00000');
    expect(cols(r, 310, 318)).toBe('000060000');
    expect(cols(r, 319, 327)).toBe('000005000');
    expect(cols(r, 328, 336)).toBe('000000000');
    expect(cols(r, 337, 345)).toBe('000001800');
    expect(cols(r, 400, 410)).toBe('00000000000'); // no commission, in cents
    expect(cols(r, 427, 427)).toBe(' ');
    expect(cols(r, 439, 449)).toBe('00000120050'); // transport allowance in cents
    expect(cols(r, 461, 471)).toBe('00000060000'); // other allowance in cents
    expect(cols(r, 567, 596)).toBe('Senior Engineer'.padEnd(30));
    expect(cols(r, 597, 604)).toBe('        '); // hired before the year
    expect(cols(r, 605, 612)).toBe('        ');
    expect(cols(r, 613, 620)).toBe('20251224'); // bonus declared
    expect(cols(r, 689, 748)).toBe('CPF'.padEnd(60));
    expect(cols(r, 758, 1200).trim()).toBe('');
  });

  it("codes the resident's NRIC, sex and MBF, and dates the commencement within the year", () => {
    const r = nurRecord;
    expect(cols(r, 2, 2)).toBe('1'); // a PR holds an NRIC
    expect(cols(r, 3, 14)).toBe('T0123456G   ');
    expect(cols(r, 96, 105)).toBe('45B       ');
    expect(cols(r, 138, 145)).toBe('        '); // no level or unit
    expect(cols(r, 251, 253)).toBe('901');
    expect(cols(r, 254, 254)).toBe('F');
    expect(cols(r, 255, 262)).toBe('20011130');
    expect(cols(r, 263, 271)).toBe('000034200');
    expect(cols(r, 272, 279)).toBe('20250401');
    expect(cols(r, 288, 292)).toBe('00033'); // MBF
    expect(cols(r, 293, 297)).toBe('00012'); // Mendaki, a donation
    expect(cols(r, 298, 304)).toBe('0006840');
    expect(cols(r, 597, 604)).toBe('20250401');
    expect(cols(r, 613, 620)).toBe('        '); // no bonus
  });

  it("codes the foreigner's FIN, the cessation and the gross commission in cents with its period", () => {
    const r = smithRecord;
    expect(cols(r, 2, 2)).toBe('2'); // FIN
    expect(cols(r, 3, 14)).toBe('G1234567X   ');
    expect(cols(r, 138, 140)).toBe('12 ');
    expect(cols(r, 141, 145)).toBe('345  ');
    expect(cols(r, 251, 253)).toBe('902');
    expect(cols(r, 280, 287)).toBe('20251031');
    // 80000 salary + 2500 others.
    expect(cols(r, 263, 271)).toBe('000082500');
    expect(cols(r, 337, 345)).toBe('000002500');
    expect(cols(r, 400, 410)).toBe('00000250000');
    expect(cols(r, 411, 418)).toBe('20250101');
    expect(cols(r, 419, 426)).toBe('20251031');
    expect(cols(r, 427, 427)).toBe('M');
    expect(cols(r, 597, 604)).toBe('        '); // hired in 2019
    expect(cols(r, 605, 612)).toBe('20251031');
    expect(cols(r, 689, 748).trim()).toBe(''); // no CPF deducted
  });

  it('totals the details in the trailer, in whole dollars', () => {
    expect(cols(trailer, 2, 7)).toBe('000003');
    expect(cols(trailer, 8, 19)).toBe(String(66_800 + 34_200 + 82_500).padStart(12, '0'));
    expect(cols(trailer, 20, 31)).toBe(String(60_000 + 34_200 + 80_000).padStart(12, '0'));
    expect(cols(trailer, 32, 43)).toBe('000000005000');
    expect(cols(trailer, 44, 55)).toBe('000000000000');
    expect(cols(trailer, 56, 67)).toBe(String(1_800 + 2_500).padStart(12, '0'));
    expect(cols(trailer, 104, 115)).toBe(String(36 + 12).padStart(12, '0'));
    expect(cols(trailer, 116, 127)).toBe(String(12_000 + 6_840).padStart(12, '0'));
    expect(cols(trailer, 140, 151)).toBe('000000000033');
    expect(cols(trailer, 152, 1200).trim()).toBe('');
  });

  it('keeps a hostile name within its 80 characters and the record at 1,200', () => {
    const name = `Zoë Ærøskøbing-Nguyễn 陈大文 ${'Ã'.repeat(70)}`;
    const hostile = aisDetailRecord(row({ employee: { fullName: name } }));
    expect(hostile).toHaveLength(1200);
    const field = cols(hostile, 15, 94);
    expect(field).toMatch(/^[\x20-\x7E]{80}$/);
    expect(field.startsWith('Zoe AEroskobing-Nguyen A')).toBe(true);
    expect(cols(hostile, 95, 95)).toBe('L');
    // The characters without a Latin spelling are a problem to fix.
    const problems = aisIr8aProblems(employer, [row({ employee: { userId: 7, fullName: name } })]);
    expect(problems).toEqual([expect.objectContaining({ userId: 7, field: 'name' })]);
  });
});

describe('what stops the AIS file', () => {
  it('lists each employee, field by field, and the company under user 0', () => {
    const problems = aisIr8aProblems({ ...employer, authorisedPersonDesignation: null }, [
      row({ employee: { userId: 1, fullName: 'No Address', address: noAddress } }),
      row({ employee: { userId: 2, fullName: 'No Birth', dateOfBirth: null, gender: null } }),
      row({
        employee: {
          userId: 3,
          fullName: 'Abroad',
          address: { ...noAddress, foreignAddress: '1 Main St\nLondon' },
        },
      }),
      row({ employee: { userId: 4, fullName: 'Resident', nationality: 'SINGAPORE P.R.' } }),
      row({ employee: { userId: 5, fullName: 'Mid Year' }, provisional: true }),
      row({ employee: { userId: 6, fullName: 'Bad Id', idNumber: 'S1234567A' } }),
    ]);
    expect(problems.map(({ userId, field }) => [userId, field])).toEqual([
      [0, 'company.authorisedPerson'],
      [1, 'residentialAddress'],
      [2, 'dateOfBirth'],
      [2, 'sex'],
      [3, 'residentialAddress'],
      [4, 'nationality'],
      [5, 'payslips'],
      [6, 'nric'],
    ]);
    expect(problems[0]?.name).toBe('Acme Pte. Ltd.');
    expect(problems[1]?.message).toMatch(/residential address is missing/i);
  });

  it('refuses the file while any remain', () => {
    expect(() =>
      aisIr8aFile({
        year: 2025,
        employer: { ...employer, uen: null },
        rows: [citizen],
        batchDate: '2026-02-15',
      }),
    ).toThrow(StatutoryFileError);
  });

  it('codes a business UEN 7 and another entity U', () => {
    const ofUen = (uen: string) =>
      cols(
        records(
          aisIr8aFile({
            year: 2025,
            employer: { ...employer, uen },
            rows: [citizen],
            batchDate: '2026-02-15',
          }).content,
        )[0] ?? '',
        9,
        9,
      );
    expect(ofUen('53123456D')).toBe('7');
    expect(ofUen('T09LL0001B')).toBe('U');
  });
});

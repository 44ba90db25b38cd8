import { describe, expect, it } from 'vitest';
import { PayrollInputError } from '../../../src/domain/payroll';
import {
  type CpfFileEmployee,
  type CpfFileInput,
  cpfEmploymentStatus,
  cpfEzpayFile,
  cpfEzpayProblems,
  parseCpfSubmissionNumber,
  StatutoryFileError,
} from '../../../src/domain/payroll/statutory';

/** 1-based inclusive columns, as the specification numbers them. */
const cols = (record: string, from: number, to: number) => record.slice(from - 1, to);
const records = (content: string) => content.slice(0, -2).split('\r\n');

// Valid check letters worked by hand (weights 2,7,6,5,4,3,2; T and G add 4):
// S1234567D, T0123456G, S7654321F, T0000002C, G1234567X, F1234567N.
const tan: CpfFileEmployee = {
  userId: 1,
  name: 'Tan Ah Kow',
  idNumber: 'S1234567D',
  totalCpfCents: 185_000,
  ordinaryWageCents: 500_000,
  additionalWageCents: 0,
  status: 'E',
  shg: { fund: 'CDAC', cents: 150 },
};
const siti: CpfFileEmployee = {
  userId: 2,
  name: 'Siti binte Ali',
  idNumber: 'T0123456G',
  totalCpfCents: 111_000,
  ordinaryWageCents: 300_000,
  additionalWageCents: 0,
  status: 'N',
  shg: null,
};

/** The facts' worked example (1.11): January 2025, created 10 Feb 2025 09:30:00. */
const example: CpfFileInput = {
  csn: '201912345KPTE01',
  adviceCode: '01',
  year: 2025,
  month: 1,
  createdAt: { date: '2025-02-10', time: '09:30:00' },
  employees: [tan, siti],
  // $12.50 + $6.25 = $18.75, the example's levy, which CPF's rule floors to $18.00 (the example's
  // 18.75 is illustrative: a real file carries whole dollars).
  sdlCents: [1_250, 625],
};

describe('cpfEzpayFile: the facts worked example', () => {
  const file = cpfEzpayFile(example);

  it('writes the example record by record, with the levy floored to $18.00', () => {
    const expected = [
      'F 201912345KPTE01 0120250210093000FTP.DTL',
      'F0201912345KPTE01 01202501010000002960000000000',
      'F0201912345KPTE01 01202501040000000001500000001',
      'F0201912345KPTE01 01202501110000000018000000000',
      'F1201912345KPTE01 0120250101S1234567D00000018500000005000000000000000ETAN AH KOW',
      'F1201912345KPTE01 0120250101T0123456G00000011100000003000000000000000NSITI BINTE ALI',
      'F1201912345KPTE01 0120250104S1234567D00000000015000000000000000000000 TAN AH KOW',
      // 8 records; $2,960.00 + $1.50 + $18.00 = $2,979.50.
      'F9201912345KPTE01 010000008000000000297950',
    ];
    expect(records(file.content).map((record) => record.trimEnd())).toEqual(expected);
    expect(file.content).toBe(expected.map((line) => `${line.padEnd(150, ' ')}\r\n`).join(''));
  });

  it('has 150-character records joined by CRLF, with a CRLF after the trailer', () => {
    expect(file.content.endsWith('\r\n')).toBe(true);
    expect(file.content.split('\r\n')).toHaveLength(9);
    for (const record of records(file.content)) {
      expect(record).toHaveLength(150);
      expect(record.includes('\n') || record.includes('\r')).toBe(false);
      expect(record[0]).toBe('F');
    }
  });

  it('puts each field in its columns', () => {
    const [header = '', , , , cpf = '', , shg = '', trailer = ''] = records(file.content);
    expect(cols(header, 3, 12)).toBe('201912345K');
    expect(cols(header, 13, 15)).toBe('PTE');
    expect(cols(header, 16, 17)).toBe('01');
    expect(cols(header, 18, 18)).toBe(' ');
    expect(cols(header, 19, 20)).toBe('01');
    expect(cols(header, 21, 28)).toBe('20250210');
    expect(cols(header, 29, 34)).toBe('093000');
    expect(cols(header, 35, 47)).toBe('FTP.DTL      ');
    expect(cols(cpf, 21, 26)).toBe('202501');
    expect(cols(cpf, 27, 28)).toBe('01');
    expect(cols(cpf, 29, 37)).toBe('S1234567D');
    expect(cols(cpf, 38, 49)).toBe('000000185000');
    expect(cols(cpf, 50, 59)).toBe('0000500000');
    expect(cols(cpf, 60, 69)).toBe('0000000000');
    expect(cols(cpf, 70, 70)).toBe('E');
    expect(cols(cpf, 71, 136)).toBe('TAN AH KOW'.padEnd(66, ' '));
    expect(cols(cpf, 137, 150)).toBe(' '.repeat(14));
    expect(cols(shg, 27, 28)).toBe('04');
    expect(cols(shg, 70, 70)).toBe(' ');
    expect(cols(trailer, 21, 27)).toBe('0000008');
    expect(cols(trailer, 28, 42)).toBe('000000000297950');
    expect(cols(trailer, 43, 150)).toBe(' '.repeat(108));
  });

  it('names the file after the CSN, month and advice code, and returns the summaries', () => {
    expect(file.fileName).toBe('201912345KPTE01JAN202501.DTL');
    expect(file.recordCount).toBe(8);
    expect(file.totalCents).toBe(297_950);
    expect(file.summaries).toEqual([
      { code: '01', label: 'CPF contributions (employer and employee)', amountCents: 296_000, donors: 0 },
      { code: '04', label: 'CDAC', amountCents: 150, donors: 1 },
      { code: '11', label: 'Skills Development Levy', amountCents: 1_800, donors: 0 },
    ]);
    expect(cpfEzpayProblems(example)).toEqual([]);
  });
});

describe('cpfEzpayFile: ordering and edge cases', () => {
  const employee = (overrides: Partial<CpfFileEmployee>): CpfFileEmployee => ({
    ...tan,
    shg: null,
    ...overrides,
  });

  it('writes CPF lines by account, then SHG lines by code 02..05, each by account, with donor counts', () => {
    const file = cpfEzpayFile({
      ...example,
      employees: [
        employee({
          userId: 3,
          name: 'Zed',
          idNumber: 'T0000002C',
          totalCpfCents: 10_000,
          shg: { fund: 'ECF', cents: 200 },
        }),
        employee({
          userId: 4,
          name: 'Amin',
          idNumber: 'S7654321F',
          totalCpfCents: 20_000,
          shg: { fund: 'MBMF', cents: 300 },
        }),
        employee({
          userId: 5,
          name: 'Bala',
          idNumber: 'S1234567D',
          totalCpfCents: 30_000,
          shg: { fund: 'SINDA', cents: 500 },
        }),
        // A FIN holder without CPF: the SHG line carries the FIN (CPF_EZPAY_CHOICES.shgLinesAcceptFin).
        employee({
          userId: 6,
          name: 'Gita',
          idNumber: 'G1234567X',
          totalCpfCents: 0,
          shg: { fund: 'SINDA', cents: 300 },
        }),
        // Neither CPF nor SHG: no line, but the levy counts.
        employee({ userId: 7, name: 'Nobody', idNumber: 'F1234567N', totalCpfCents: 0, shg: null }),
      ],
      sdlCents: [200, 200, 200, 200, 450],
    });
    const lines = records(file.content);
    const kinds = lines
      .slice(1, -1)
      .map((record) => `${record[1]}${cols(record, 27, 28)}${record[1] === '1' ? cols(record, 29, 37) : ''}`);
    expect(kinds).toEqual([
      '001',
      '002',
      '003',
      '005',
      '011',
      '101S1234567D',
      '101S7654321F',
      '101T0000002C',
      '102S7654321F',
      '103G1234567X',
      '103S1234567D',
      '105T0000002C',
    ]);
    expect(lines).toHaveLength(14);
    // Donor counts in columns 41-47: MBMF 1, SINDA 2, ECF 1. SDL $12.50 floors to $12.00.
    expect(lines.slice(1, 6).map((record) => `${cols(record, 29, 40)}/${cols(record, 41, 47)}`)).toEqual([
      '000000060000/0000000',
      '000000000300/0000001',
      '000000000800/0000002',
      '000000000200/0000001',
      '000000001200/0000000',
    ]);
    // 14 records; 600.00 + 3.00 + 8.00 + 2.00 + 12.00 = 625.00.
    expect(cols(lines[13] ?? '', 21, 42)).toBe('0000014000000000062500');
  });

  it('files SDL alone with a zero CPF summary, and writes a 9-character UEN left-justified', () => {
    const file = cpfEzpayFile({
      ...example,
      csn: '53123456apte02',
      adviceCode: '07',
      employees: [employee({ totalCpfCents: 0 })],
      sdlCents: [200],
    });
    expect(file.fileName).toBe('53123456APTE02JAN202507.DTL');
    expect(records(file.content).map((record) => record.trimEnd())).toEqual([
      'F 53123456A PTE02 0720250210093000FTP.DTL',
      'F053123456A PTE02 07202501010000000000000000000',
      'F053123456A PTE02 07202501110000000002000000000',
      'F953123456A PTE02 070000004000000000000200',
    ]);
  });

  it('writes AW and the status letters of leavers and of those who join and leave', () => {
    const file = cpfEzpayFile({
      ...example,
      employees: [
        employee({ additionalWageCents: 1_000_000, status: 'L' }),
        employee({ userId: 2, name: 'Siti', idNumber: 'T0123456G', status: 'O' }),
      ],
      sdlCents: [],
    });
    const [, , first = '', second = ''] = records(file.content);
    // AW $10,000.00 as 9(8)V99.
    expect(cols(first, 60, 70)).toBe('0001000000L');
    expect(cols(second, 70, 70)).toBe('O');
  });
});

describe('cpfEzpayProblems', () => {
  const problemsOf = (overrides: Partial<CpfFileInput>) => cpfEzpayProblems({ ...example, ...overrides });

  it('refuses CPF on a FIN, which is no CPF account', () => {
    const fin = { ...siti, name: 'Ali Khan', idNumber: 'F1234567N' };
    expect(problemsOf({ employees: [tan, fin] })).toEqual([
      'Ali Khan: F1234567N is not a CPF account number (it must start with S or T).',
    ]);
  });

  it('refuses a name longer than 66 characters, without truncating it', () => {
    const long = `${'A'.repeat(30)} ${'B'.repeat(36)}`; // 67 characters
    const problems = problemsOf({ employees: [{ ...tan, name: long }] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^A{30} B{36}: the name has 67 characters and the CPF file holds at most 66/);
  });

  it('accepts a name of exactly 66 characters', () => {
    expect(problemsOf({ employees: [{ ...tan, name: 'A'.repeat(66) }] })).toEqual([]);
  });

  it('refuses forbidden characters, naming them and the employee', () => {
    const problems = problemsOf({ employees: [{ ...tan, name: 'Tan_Ah Kow <Jr>' }] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('Tan_Ah Kow <Jr>: the name contains "_", "<", ">"');
    expect(problemsOf({ employees: [{ ...tan, name: 'Tan Ah Kow' }] })).toEqual([]);
  });

  it('refuses a name that is empty, or has nothing to write once its accents are dropped', () => {
    for (const name of ['', '  ', '\u0301']) {
      expect(problemsOf({ employees: [{ ...tan, name }] }), JSON.stringify(name)).toEqual([
        'Employee #1 has no name; the CPF file needs the name as on the identity card.',
      ]);
    }
  });

  it('writes accented letters without their accents (issue 32.8), and refuses a name with no Latin spelling', () => {
    const detail = (name: string) =>
      cols(
        records(cpfEzpayFile({ ...example, employees: [{ ...tan, name }] }).content).find(
          (record) => record[1] === '1',
        ) ?? '',
        71,
        136,
      );
    expect(detail('José Strauß').trimEnd()).toBe('JOSE STRAUSS');
    expect(problemsOf({ employees: [{ ...tan, name: '陈大文' }] })).toEqual([
      '陈大文: the name contains "陈", "大", "文", which has no Latin spelling the CPF file can carry; enter the name as on the identity card.',
    ]);
  });

  it('reports when there is nothing to submit', () => {
    expect(problemsOf({ employees: [{ ...tan, totalCpfCents: 0, shg: null }], sdlCents: [] })).toEqual([
      'There is nothing to submit for January 2025: no CPF, self-help-group or SDL amount.',
    ]);
    // A levy below a dollar floors to nothing as well.
    expect(problemsOf({ employees: [], sdlCents: [50] })).toHaveLength(1);
  });

  it('refuses advice codes that are not 01 to 99', () => {
    for (const adviceCode of ['1', '00', 'AB', '100', ' 1']) {
      expect(problemsOf({ adviceCode })).toEqual([
        `The advice code "${adviceCode}" must be two digits from 01 to 99.`,
      ]);
    }
    expect(problemsOf({ adviceCode: '99' })).toEqual([]);
  });

  it('refuses a CPF submission number that is not UEN + payment type + serial', () => {
    for (const csn of [
      '',
      '201912345K',
      '201912345KPTE1',
      '201912345KPT01',
      '2019123456KPTE01',
      '1234567APTE01',
    ]) {
      const problems = problemsOf({ csn });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('is not a CPF submission number');
    }
  });

  it('refuses negative amounts', () => {
    const problems = problemsOf({ employees: [{ ...tan, shg: { fund: 'CDAC', cents: -50 } }] });
    expect(problems).toEqual([
      'Tan Ah Kow: the self-help-group deduction of -$0.50 is negative, and the CPF file takes no negative amounts.',
    ]);
  });

  it('refuses a wrong NRIC check letter and an NRIC used twice', () => {
    expect(problemsOf({ employees: [{ ...tan, idNumber: 'S1234567A' }] })).toEqual([
      'Tan Ah Kow: S1234567A is not a valid NRIC/FIN (wrong length or check letter); correct it in the staff record.',
    ]);
    expect(problemsOf({ employees: [tan, { ...siti, idNumber: 'S1234567D' }] })).toEqual([
      'S1234567D is the NRIC/FIN of more than one employee; each CPF account has one line per payment code, so correct it in the staff records.',
    ]);
  });

  it('keeps SHG and SDL off a voluntary-contribution CSN', () => {
    expect(problemsOf({ csn: '201912345KVCT01' })).toEqual([
      "The CPF submission number 201912345KVCT01 is for voluntary contributions (VCT); self-help-group and SDL amounts go under the company's PTE number.",
    ]);
  });

  it('makes cpfEzpayFile throw every problem at once', () => {
    const input = { ...example, adviceCode: '0', employees: [{ ...siti, idNumber: 'F1234567N' }] };
    let caught: unknown;
    try {
      cpfEzpayFile(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StatutoryFileError);
    const error = caught as StatutoryFileError;
    expect(error.problems).toEqual([
      'The advice code "0" must be two digits from 01 to 99.',
      'Siti binte Ali: F1234567N is not a CPF account number (it must start with S or T).',
    ]);
    expect(error.message).toBe(error.problems.join(' '));
  });

  it('throws on amounts that are not whole cents (a caller bug, not a data problem)', () => {
    expect(() => cpfEzpayProblems({ ...example, employees: [{ ...tan, totalCpfCents: 1.5 }] })).toThrow(
      PayrollInputError,
    );
  });
});

describe('parseCpfSubmissionNumber', () => {
  it('splits 10- and 9-character UENs', () => {
    expect(parseCpfSubmissionNumber('201912345KPTE01')).toEqual({
      uen: '201912345K',
      paymentType: 'PTE',
      serial: '01',
    });
    expect(parseCpfSubmissionNumber('53123456APTE01')).toEqual({
      uen: '53123456A',
      paymentType: 'PTE',
      serial: '01',
    });
    expect(parseCpfSubmissionNumber('T09LL0001BAMS02')).toEqual({
      uen: 'T09LL0001B',
      paymentType: 'AMS',
      serial: '02',
    });
  });

  it('throws StatutoryFileError otherwise', () => {
    expect(() => parseCpfSubmissionNumber('201912345K')).toThrow(StatutoryFileError);
  });
});

describe('cpfEmploymentStatus for January 2025', () => {
  it('is E for someone there all month', () => {
    expect(cpfEmploymentStatus('2020-05-01', null, 2025, 1)).toBe('E');
    expect(cpfEmploymentStatus('2020-05-01', '2025-02-03', 2025, 1)).toBe('E');
  });
  it('is N for a joiner, L for a leaver, O for both', () => {
    expect(cpfEmploymentStatus('2025-01-15', null, 2025, 1)).toBe('N');
    expect(cpfEmploymentStatus('2025-01-01', '2025-03-31', 2025, 1)).toBe('N');
    expect(cpfEmploymentStatus('2020-05-01', '2025-01-20', 2025, 1)).toBe('L');
    expect(cpfEmploymentStatus('2025-01-05', '2025-01-25', 2025, 1)).toBe('O');
    expect(cpfEmploymentStatus('2024-12-31', '2025-01-31', 2025, 1)).toBe('L');
  });
  it('refuses a month outside the employment', () => {
    expect(() => cpfEmploymentStatus('2025-02-01', null, 2025, 1)).toThrow(PayrollInputError);
    expect(() => cpfEmploymentStatus('2020-01-01', '2024-12-31', 2025, 1)).toThrow(PayrollInputError);
  });
});

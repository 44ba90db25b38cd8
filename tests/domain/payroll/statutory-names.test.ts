import { describe, expect, it } from 'vitest';
import { personNameText } from '../../../src/domain/fields';
import { type Ir8aEmployee, ir8aCsv, ir8aFigures } from '../../../src/domain/payroll/ir8a';
import {
  type CpfFileEmployee,
  type CpfFileInput,
  cpfEzpayFile,
  cpfEzpayProblems,
  personNameProblem,
  type SalaryFileBank,
  type SalaryFileInput,
  StatutoryFileError,
  salaryFile,
  salaryFileProblems,
  toFileAlphabet,
} from '../../../src/domain/payroll/statutory';

// Issue 32.8: one rule writes a name in the files' alphabet. Each expectation below is spelled by hand
// from the rule in docs/statutory-files.md ("Names"): Unicode's decomposition (NFKD) with the accents
// dropped, and a table for the letters that do not decompose; a letter with no Latin spelling is refused.

const cols = (record: string, from: number, to: number) => record.slice(from - 1, to);
const records = (content: string) => content.slice(0, -2).split('\r\n');

describe('toFileAlphabet: worked examples', () => {
  it.each([
    ['José Peña', 'Jose Pena'],
    ['Zoë Müller', 'Zoe Muller'],
    ['François Ngô', 'Francois Ngo'],
    ['Nguyễn Thị Đào', 'Nguyen Thi Dao'],
    ['Strauß', 'Strauss'],
    ['Søren Ørsted', 'Soren Orsted'],
    ['Łukasz Wałęsa', 'Lukasz Walesa'],
    ['Æsa Lærke', 'AEsa Laerke'],
    ['Þór Guðmundsson', 'THor Gudmundsson'],
    ['Seamus O\u2019Brien\u2011Kelly', "Seamus O'Brien-Kelly"],
    ['Tan\u00A0 Ah\tKow ', 'Tan Ah Kow'],
    // A letter and its accent typed apart (NFD) are the same letter.
    ['Jose\u0301', 'Jose'],
    ['Rajesh s/o Kumar @ Raj', 'Rajesh s/o Kumar @ Raj'],
  ])('writes %j as %j', (name, written) => {
    expect(toFileAlphabet(name)).toEqual({ text: written, refused: [] });
  });

  it('refuses what has no Latin spelling, each character once, and writes the rest', () => {
    expect(toFileAlphabet('陈大文')).toEqual({ text: '', refused: ['陈', '大', '文'] });
    expect(toFileAlphabet('Tan 陈 Wei 陈')).toEqual({ text: 'Tan Wei', refused: ['陈'] });
    expect(toFileAlphabet('김민준').refused).toEqual(['김', '민', '준']);
    expect(toFileAlphabet('முருகன்').refused.length).toBeGreaterThan(0);
    expect(toFileAlphabet('Ali 👍').refused).toEqual(['👍']);
  });
});

describe('personNameProblem: the entry rule', () => {
  it('takes a name every file can carry once written in the alphabet', () => {
    for (const name of ['Tan Wei Ming', 'Łukasz Strauß', "Nur'aini binti Ahmad @ Aini", 'Priya d/o Raman']) {
      expect(personNameProblem(name), name).toBeNull();
    }
  });

  it('refuses a character CPF refuses, one with no Latin spelling, and more than 66 letters as written', () => {
    expect(personNameProblem('Tan Wei Ming $')).toBe(
      'Remove "$" from the name: the CPF file does not accept it.',
    );
    expect(personNameProblem('Tan_Wei <Ming>')).toBe(
      'Remove "_", "<", ">" from the name: the CPF file does not accept them.',
    );
    expect(personNameProblem('陈大文')).toBe(
      'Enter the name in Latin letters, as on the identity card: "陈", "大", "文" cannot be written in the CPF and bank files.',
    );
    expect(personNameProblem('A'.repeat(66))).toBeNull();
    // 65 letters and ß, which is written ss: 67 in the file.
    expect(personNameProblem(`${'A'.repeat(65)}ß`)).toBe(
      'The name has 67 characters as the CPF file writes it, and the file holds at most 66: enter it the way CPF knows it.',
    );
  });

  it('is the rule of the name fields, beside the field', () => {
    const field = personNameText({ trim: true, required: true });
    expect(field.parse('  Łukasz Strauß ')).toBe('Łukasz Strauß');
    const refused = field.safeParse('Tan Wei Ming $');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Remove "$" from the name: the CPF file does not accept it.',
    ]);
  });
});

describe('every file writes a name by the one rule', () => {
  const name = 'Łukasz Strauß';
  const payee: CpfFileEmployee = {
    userId: 1,
    name,
    idNumber: 'S1234567D',
    totalCpfCents: 185_000,
    ordinaryWageCents: 500_000,
    additionalWageCents: 0,
    status: 'E',
    shg: null,
  };
  const cpf: CpfFileInput = {
    csn: '201912345KPTE01',
    adviceCode: '01',
    year: 2026,
    month: 3,
    createdAt: { date: '2026-03-31', time: '10:00:00' },
    employees: [payee],
    sdlCents: [],
  };
  const salary = (bank: SalaryFileBank, payee: string): SalaryFileInput => ({
    bank,
    originator: { name: 'Acme', bankName: bank, accountNo: '3701234567', organisationId: 'SGACME01' },
    year: 2026,
    month: 3,
    valueDate: '2026-03-31',
    createdAt: { date: '2026-03-30', time: '10:00:00' },
    sequence: 1,
    payments: [
      {
        userId: 1,
        name: payee,
        bankName: 'DBS',
        bankCode: '7171',
        branchCode: '081',
        accountNo: '0123456789',
        amountCents: 400_000,
      },
    ],
  });
  const employee: Ir8aEmployee = {
    userId: 1,
    fullName: name,
    idNumber: 'S1234567D',
    designation: 'Analyst',
    dateOfBirth: '1990-01-01',
    gender: 'Male',
    nationality: 'Singaporean',
    hireDate: '2020-01-01',
    lastDayOfService: null,
    address: {
      addressBlock: null,
      addressStreet: null,
      addressUnit: null,
      addressPostalCode: null,
      foreignAddress: null,
    },
  };
  const ir8a = (fullName: string) =>
    ir8aCsv(
      {
        name: 'Acme',
        uen: '201912345K',
        address: null,
        authorisedPersonName: null,
        authorisedPersonDesignation: null,
        authorisedPersonPhone: null,
        authorisedPersonEmail: null,
      },
      [ir8aFigures(2026, { ...employee, fullName }, [])],
    );

  it('CPF in capitals; UOB, OCBC, DBS and the IR8A CSV as written', () => {
    const detail = records(cpfEzpayFile(cpf).content).find((record) => record[1] === '1') ?? '';
    expect(cols(detail, 71, 136).trimEnd()).toBe('LUKASZ STRAUSS');
    expect(cols(records(salaryFile(salary('UOB', name)).content)[1] ?? '', 47, 186).trimEnd()).toBe(
      'Lukasz Strauss',
    );
    expect(cols(records(salaryFile(salary('OCBC', name)).content)[1] ?? '', 46, 185).trimEnd()).toBe(
      'Lukasz Strauss',
    );
    expect(records(salaryFile(salary('DBS', name)).content)[1]?.split(',')[10]).toBe('Lukasz Strauss');
    const [, row = ''] = ir8a(name).split('\r\n');
    expect(row.split(',')[11]).toBe('Lukasz Strauss');
  });

  it('writes every name the entry rule takes within the SWIFT set a DBS GIRO name is checked against', () => {
    // T8 in docs/statutory-files.md: letters, digits, space and / - ? : ( ) . , ' + only.
    const swift = /^[A-Za-z0-9 /\-?:().,'+]*$/;
    for (let code = 0x20; code <= 0x7e; code += 1) {
      const typed = `Tan ${String.fromCharCode(code)} Ah Kow`;
      if (personNameProblem(typed) !== null) continue;
      const written = records(salaryFile(salary('DBS', typed)).content)[1]?.split(',')[10] ?? '';
      expect(written, typed).toMatch(swift);
    }
  });

  it('each refuses a name with no Latin spelling, naming the employee', () => {
    const chinese = '陈大文';
    expect(cpfEzpayProblems({ ...cpf, employees: [{ ...payee, name: chinese }] })).toEqual([
      '陈大文: the name contains "陈", "大", "文", which has no Latin spelling the CPF file can carry; enter the name as on the identity card.',
    ]);
    for (const bank of ['UOB', 'DBS', 'OCBC'] as const) {
      expect(salaryFileProblems(salary(bank, chinese)), bank).toEqual([
        '陈大文: the name contains "陈", "大", "文", which bank files cannot carry; enter the name in Latin letters.',
      ]);
    }
    expect(() => ir8a(chinese)).toThrow(
      new StatutoryFileError([
        '陈大文: the name contains "陈", "大", "文", which has no Latin spelling; enter the name as on the identity card.',
      ]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { BANK_NAMES } from '../../../src/domain/enums';
import {
  RECEIVING_BANKS,
  type SalaryFileInput,
  type SalaryPayment,
  StatutoryFileError,
  salaryFile,
  salaryFileProblems,
  uobFieldCheckSum,
  uobHashTotal,
} from '../../../src/domain/payroll/statutory';

/** 1-based inclusive columns, as the specifications number them. */
const cols = (record: string, from: number, to: number) => record.slice(from - 1, to);
const records = (content: string) => content.slice(0, -2).split('\r\n');

describe('UOB Appendix 4 hash (Bulk FAST/GIRO v4.8)', () => {
  it('gives the field check sums the specification shows', () => {
    expect(uobFieldCheckSum('UOVBSGSGXXX')).toBe(5_395);
    expect(uobFieldCheckSum('000000000000120000')).toBe(8_249);
    expect(uobFieldCheckSum('A')).toBe(65);
    expect(uobFieldCheckSum('AB')).toBe(65 + 2 * 66);
  });

  it("reproduces the specification's worked example", () => {
    // Inputs from the example table of Appendix 4 (payment type P, code 20).
    const result = uobHashTotal(
      {
        originatingBic: 'UOVBSGSGXXX',
        originatingAccount: '1013320075',
        originatingName: 'ABC SINGAPORE PTE LTD',
        paymentType: 'P',
      },
      [
        {
          receivingBic: 'DBSSSGSGXXX',
          receivingAccount: '301234567',
          receivingName: 'Tan Ah Kow',
          currency: 'SGD',
          amountCents: 120_000,
          purposeCode: 'COMM',
        },
        {
          receivingBic: 'OCBCSGSGXXX',
          receivingAccount: '50140399867195',
          receivingName: 'Ronald Lee',
          currency: 'SGD',
          amountCents: 240_050,
          purposeCode: 'BONU',
        },
        {
          receivingBic: 'HSBCSGSGXXX',
          receivingAccount: '234908439123',
          receivingName: 'Susan Wong Sui Cheng',
          currency: 'SGD',
          amountCents: 321_030,
          purposeCode: 'COMM',
        },
      ],
    );
    expect(result).toEqual({ total1: 349_840, sums: [353_610, 695_547, 1_060_875], hash: 2_459_872 });
  });

  it('cycles the hash code 1..9 then back to 1', () => {
    const detail = {
      receivingBic: 'A',
      receivingAccount: 'B',
      receivingName: 'C',
      currency: 'SGD',
      amountCents: 1,
      purposeCode: 'SALA',
    };
    const { sums } = uobHashTotal(
      { originatingBic: '', originatingAccount: '', originatingName: '', paymentType: 'R' },
      Array.from({ length: 10 }, () => detail),
    );
    // Only account, name and the payment code scale with the hash code, so line 10 equals line 1.
    expect(sums[9]).toBe(sums[0]);
    expect(sums[1]).not.toBe(sums[0]);
  });
});

const tan: SalaryPayment = {
  userId: 7,
  name: 'Tan Ah Kow',
  bankName: 'DBS',
  branchCode: '081',
  accountNo: '012-345678-9',
  amountCents: 345_678,
};
const siti: SalaryPayment = {
  userId: 12,
  name: 'Siti binte Ali',
  bankName: 'OCBC',
  branchCode: '501',
  accountNo: '1234567',
  amountCents: 250_000,
};
const uobInput: SalaryFileInput = {
  bank: 'UOB',
  originator: { name: 'Acme Pte. Ltd.', bankName: 'UOB', accountNo: '3701234567' },
  year: 2026,
  month: 11,
  valueDate: '2026-11-27',
  createdAt: { date: '2026-11-25', time: '10:00:00' },
  sequence: 1,
  payments: [tan, siti],
};

describe('salaryFile: UOB', () => {
  const file = salaryFile(uobInput);
  const [header = '', first = '', second = '', trailer = ''] = records(file.content);

  it('writes header, details and trailer of 615 characters, each ending in CRLF', () => {
    expect(file.fileName).toBe('UGBI251101.txt');
    expect(file.mediaType).toBe('text/plain');
    expect(file.content.split('\r\n')).toHaveLength(5);
    for (const record of records(file.content)) expect(record).toHaveLength(615);
    expect(file.count).toBe(2);
    expect(file.totalCents).toBe(595_678);
  });

  it('fills the batch header at the positions of section 3.1', () => {
    expect(cols(header, 1, 1)).toBe('1');
    expect(cols(header, 2, 11)).toBe('UGBI251101');
    expect(cols(header, 12, 12)).toBe('R');
    expect(cols(header, 13, 22)).toBe('NORMAL    ');
    expect(cols(header, 23, 23)).toBe('B');
    expect(cols(header, 24, 35)).toBe(' '.repeat(12));
    expect(cols(header, 36, 46)).toBe('UOVBSGSGXXX');
    expect(cols(header, 47, 49)).toBe('SGD');
    expect(cols(header, 50, 83)).toBe('3701234567'.padEnd(34));
    expect(cols(header, 84, 223)).toBe('Acme Pte. Ltd.'.padEnd(140));
    expect(cols(header, 224, 231)).toBe('20261125');
    expect(cols(header, 232, 239)).toBe('20261127');
    expect(cols(header, 240, 379)).toBe(' '.repeat(140));
    expect(cols(header, 380, 395)).toBe('SALARY NOV2026  ');
    expect(cols(header, 396, 615)).toBe(' '.repeat(220));
  });

  it('fills the details at the positions of section 3.2, with the OCBC branch prefix', () => {
    expect(cols(first, 1, 1)).toBe('2');
    expect(cols(first, 2, 12)).toBe('DBSSSGSGXXX');
    expect(cols(first, 13, 46)).toBe('0123456789'.padEnd(34));
    expect(cols(first, 47, 186)).toBe('Tan Ah Kow'.padEnd(140));
    expect(cols(first, 187, 189)).toBe('SGD');
    expect(cols(first, 190, 207)).toBe('000000000000345678');
    expect(cols(first, 208, 242)).toBe('SAL202611-7'.padEnd(35));
    expect(cols(first, 243, 277)).toBe(' '.repeat(35));
    expect(cols(first, 278, 281)).toBe('SALA');
    expect(cols(first, 282, 615)).toBe(' '.repeat(334));
    expect(cols(second, 2, 12)).toBe('OCBCSGSGXXX');
    expect(cols(second, 13, 46)).toBe('5011234567'.padEnd(34));
    expect(cols(second, 47, 186)).toBe('Siti binte Ali'.padEnd(140));
    expect(cols(second, 190, 207)).toBe('000000000000250000');
    expect(cols(second, 208, 242)).toBe('SAL202611-12'.padEnd(35));
  });

  it('closes with the total, the count and the hash total (section 3.4)', () => {
    expect(cols(trailer, 1, 1)).toBe('9');
    expect(cols(trailer, 2, 19)).toBe('000000000000595678');
    expect(cols(trailer, 20, 26)).toBe('0000002');
    // Worked out apart from the code (a separate script following Appendix 4, payment code R = 22):
    // Total1 346,196; Sum7 354,328 and 699,019.
    expect(cols(trailer, 27, 42)).toBe('0000000001399543');
    expect(file.hashTotal).toBe(1_399_543);
    expect(cols(trailer, 43, 615)).toBe(' '.repeat(573));
  });

  it('keeps an OCBC account that already carries its branch code, and names the file by sequence', () => {
    const again = salaryFile({
      ...uobInput,
      sequence: 42,
      payments: [{ ...siti, accountNo: '501-123456-7' }],
    });
    expect(again.fileName).toBe('UGBI251142.txt');
    expect(cols(records(again.content)[1] ?? '', 13, 46)).toBe('5011234567'.padEnd(34));
  });

  it("pays a two-code bank's retail entity by default, its wholesale one when the stored code says so", () => {
    // Issue 32: SCB 9496 SCBLSG22XXX, HSBC 9548 HSBCSGS2XXX, Citibank 9201 CITISGSLXXX are the retail
    // banks people's salary accounts are at; 7144, 7232 and 7214 are the wholesale ones.
    const bicPaid = (payment: SalaryPayment) =>
      cols(records(salaryFile({ ...uobInput, payments: [payment] }).content)[1] ?? '', 2, 12);
    const cases = [
      ['Standard Chartered', 'SCBLSG22XXX', '7144', 'SCBLSGSGXXX'],
      ['HSBC', 'HSBCSGS2XXX', '7232', 'HSBCSGSGXXX'],
      ['Citibank', 'CITISGSLXXX', '7214', 'CITISGSGXXX'],
    ] as const;
    for (const [bankName, retailBic, wholesaleCode, wholesaleBic] of cases) {
      const person: SalaryPayment = { ...tan, bankName, branchCode: '146', bankCode: null };
      expect(bicPaid(person), bankName).toBe(retailBic);
      expect(bicPaid({ ...person, bankCode: wholesaleCode }), bankName).toBe(wholesaleBic);
    }
    // DBS writes the 4-digit code (D18): the retail code by default.
    const dbsInput: SalaryFileInput = {
      ...uobInput,
      bank: 'DBS',
      originator: { name: 'Acme', bankName: 'DBS', accountNo: '0720123456', organisationId: 'SGACME01' },
      payments: [{ ...tan, bankName: 'Standard Chartered', bankCode: null }],
    };
    expect(records(salaryFile(dbsInput).content)[1]?.split(',')[17]).toBe('9496');
  });

  it('writes accents off and Appendix 6 characters as spaces', () => {
    const file = salaryFile({
      ...uobInput,
      originator: { ...uobInput.originator, name: 'Acme & Sons <SG>' },
      payments: [{ ...tan, name: 'José O’Neil @ Tan' }],
    });
    const [head = '', line = ''] = records(file.content);
    expect(cols(head, 84, 223).trimEnd()).toBe('Acme Sons SG');
    expect(cols(line, 47, 186).trimEnd()).toBe('Jose O Neil Tan');
  });
});

describe('salaryFile: DBS UFF', () => {
  const input: SalaryFileInput = {
    ...uobInput,
    bank: 'DBS',
    originator: {
      name: 'Acme Pte. Ltd.',
      bankName: 'DBS',
      accountNo: '0720123456',
      organisationId: 'sgacme01',
    },
    payments: [
      { ...tan, name: 'Tan, Ah Kow' },
      { ...siti, name: 'Siti Nurhaliza binte Abdullah Rahman Ismail' },
    ],
  };
  const file = salaryFile(input);

  it('writes HEADER, one PAYMENT per employee and TRAILER as CSV lines', () => {
    expect(file.fileName).toBe('DBS-UFF-SALARY-202611.csv');
    expect(file.mediaType).toBe('text/csv');
    expect(records(file.content)).toEqual([
      // H03: the organisation ID stored with the company's DBS account, as IDEAL shows it (upper case).
      'HEADER,25112026,SGACME01,Acme Pte. Ltd.',
      'PAYMENT,BPY,0720123456,SGD,SAL202611-7,SGD,00001,27112026,OUR,,Tan Ah Kow,,,,,0123456789,,7171,081,,,,,,,,,3456.78,,,,,22,SALARY NOV 2026',
      // The name cut to 35 characters (DBS_UFF_CHOICES.nameLength); the account without a branch prefix.
      'PAYMENT,BPY,0720123456,SGD,SAL202611-12,SGD,00001,27112026,OUR,,Siti Nurhaliza binte Abdullah Rahma,,,,,1234567,,7339,501,,,,,,,,,2500.00,,,,,22,SALARY NOV 2026',
      'TRAILER,00000002,5956.78',
    ]);
    expect(file.content.endsWith('\r\n')).toBe(true);
  });

  it('puts the fields at their UFF numbers (D18 bank code, D28 amount, D33 transaction code)', () => {
    const fields = (records(file.content)[1] ?? '').split(',');
    expect(fields).toHaveLength(34);
    expect(fields[17]).toBe('7171');
    expect(fields[27]).toBe('3456.78');
    expect(fields[32]).toBe('22');
  });

  it('numbers a second file of the month', () => {
    expect(salaryFile({ ...input, sequence: 2 }).fileName).toBe('DBS-UFF-SALARY-202611-02.csv');
  });

  it('needs the organisation ID of the DBS account, 12 letters or digits at most', () => {
    for (const organisationId of [null, '', '  ']) {
      expect(salaryFileProblems({ ...input, originator: { ...input.originator, organisationId } })).toEqual([
        "The company's DBS account has no DBS IDEAL organisation ID, which the DBS file's header needs; enter it with the DBS account on the Company page.",
      ]);
    }
    expect(
      salaryFileProblems({ ...input, originator: { ...input.originator, organisationId: 'SGACME0123456' } }),
    ).toHaveLength(1);
  });
});

describe('salaryFile: OCBC', () => {
  const input: SalaryFileInput = {
    ...uobInput,
    bank: 'OCBC',
    originator: { name: 'Acme Pte. Ltd.', bankName: 'OCBC', accountNo: '5011234500' },
    sequence: 2,
  };
  const file = salaryFile(input);
  const [header = '', first = '', second = ''] = records(file.content);

  it('writes a header and details of 1,000 characters and no trailer', () => {
    expect(file.fileName).toBe('OCBC-GIRO-SALARY-202611-02.txt');
    expect(records(file.content)).toHaveLength(3);
    for (const record of records(file.content)) expect(record).toHaveLength(1000);
  });

  it('fills the header', () => {
    // Transaction type: Payment(10), Collection(20), Payroll(30), Management Payroll(40).
    expect(cols(header, 1, 2)).toBe('30');
    expect(cols(header, 3, 5)).toBe('002');
    // Submission date YYYYMMDD; the value date (226-233) is DDMMYYYY.
    expect(cols(header, 6, 13)).toBe('20261125');
    expect(cols(header, 14, 24)).toBe('OCBCSGSGXXX');
    expect(cols(header, 25, 58)).toBe('5011234500'.padEnd(34));
    expect(cols(header, 59, 201)).toBe(' '.repeat(143));
    // GIRO/FAST WITH INV v1.5: charge bearer (202-205) and batch booking (238) are blank, and the
    // value time (234-237) is for FAST only.
    expect(cols(header, 202, 205)).toBe('    ');
    expect(cols(header, 206, 209)).toBe('GIRO');
    expect(cols(header, 210, 225)).toBe('SALARY NOV2026  ');
    expect(cols(header, 226, 233)).toBe('27112026');
    expect(cols(header, 234, 237)).toBe('    ');
    expect(cols(header, 238, 238)).toBe(' ');
    expect(cols(header, 239, 1000)).toBe(' '.repeat(762));
  });

  it('fills the details', () => {
    expect(cols(first, 1, 11)).toBe('DBSSSGSGXXX');
    expect(cols(first, 12, 45)).toBe('0123456789'.padEnd(34));
    expect(cols(first, 46, 185)).toBe('Tan Ah Kow'.padEnd(140));
    expect(cols(first, 186, 188)).toBe('SGD');
    expect(cols(first, 189, 205)).toBe('00000000000345678');
    expect(cols(first, 206, 240)).toBe('SALARY NOV 2026'.padEnd(35));
    expect(cols(first, 241, 244)).toBe('SALA');
    expect(cols(first, 245, 279)).toBe('SAL202611-7'.padEnd(35));
    expect(cols(first, 280, 1000)).toBe(' '.repeat(721));
    // OCBC's own file takes the account as stored (the prefix rule is UOB's).
    expect(cols(second, 12, 45)).toBe('1234567'.padEnd(34));
  });
});

describe('salaryFileProblems', () => {
  const problemsOf = (overrides: Partial<SalaryFileInput>) =>
    salaryFileProblems({ ...uobInput, ...overrides });

  it('accepts the valid input', () => {
    expect(problemsOf({})).toEqual([]);
  });

  it('names the employee without a bank or an account number', () => {
    expect(problemsOf({ payments: [{ ...tan, bankName: null }] })).toEqual([
      "Tan Ah Kow: no bank is stored; add the bank in the employee's payment information.",
    ]);
    expect(problemsOf({ payments: [{ ...tan, accountNo: null }] })).toEqual([
      "Tan Ah Kow: no bank account number is stored; add it in the employee's payment information.",
    ]);
  });

  it('refuses an account number with letters', () => {
    expect(problemsOf({ payments: [{ ...tan, accountNo: '12A45' }] })).toEqual([
      'Tan Ah Kow: the account number 12A45 must contain digits only.',
    ]);
  });

  it('refuses payments of $0 or less', () => {
    expect(
      problemsOf({
        payments: [
          { ...tan, amountCents: 0 },
          { ...siti, amountCents: -100 },
        ],
      }),
    ).toEqual([
      'Tan Ah Kow: the amount to pay is $0.00, and a bank transfer must be more than $0.00; correct the payslip or leave them out of the file.',
      'Siti binte Ali: the amount to pay is -$1.00, and a bank transfer must be more than $0.00; correct the payslip or leave them out of the file.',
    ]);
  });

  it('refuses a name that is empty once cleaned, or written outside Latin letters', () => {
    expect(problemsOf({ payments: [{ ...tan, name: '$$ %' }] })).toEqual([
      "$$ %: nothing of the name is left once the characters banks refuse are removed; enter the account holder's name in the staff record.",
    ]);
    expect(problemsOf({ payments: [{ ...tan, name: '陈大文' }] })[0]).toContain(
      '陈大文: the name contains "陈", "大", "文"',
    );
  });

  it("needs the company's account, a 10-digit one for UOB", () => {
    expect(problemsOf({ originator: { ...uobInput.originator, accountNo: null } })).toEqual([
      "The company's UOB account number is missing; enter it in the company's settings.",
    ]);
    expect(problemsOf({ originator: { ...uobInput.originator, accountNo: '370123456' } })).toEqual([
      "The company's UOB account number 370123456 must have 10 digits (UOB's file takes the 10-digit account number).",
    ]);
    // Issue 32: a bank's file debits the company's account at that bank, never another bank's.
    expect(problemsOf({ originator: { ...uobInput.originator, bankName: 'DBS' } })).toEqual([
      "The company's account 3701234567 is at DBS, not UOB: a UOB salary file must debit the company's UOB account.",
    ]);
    expect(problemsOf({ originator: { ...uobInput.originator, bankName: null } })[0]).toContain(
      'is at no bank, not UOB',
    );
  });

  it('keeps the sequence within 1..99', () => {
    expect(problemsOf({ sequence: 100 })).toEqual([
      "The file's sequence number 100 must be from 1 to 99 (the bank takes at most 99 salary files a day).",
    ]);
    expect(problemsOf({ sequence: 0 })).toHaveLength(1);
    expect(problemsOf({ sequence: 99 })).toEqual([]);
  });

  it("keeps UOB's value date within 30 days of the file's creation and not before it", () => {
    expect(problemsOf({ valueDate: '2026-12-25' })).toEqual([]);
    expect(problemsOf({ valueDate: '2026-12-26' })).toEqual([
      "The value date 2026-12-26 is more than 30 days after the file's creation date 2026-11-25; UOB accepts at most 30.",
    ]);
    expect(problemsOf({ valueDate: '2026-11-24' })).toHaveLength(1);
  });

  it('needs the branch code of an OCBC or HSBC account in a UOB file', () => {
    const hsbc: SalaryPayment = { ...tan, bankName: 'HSBC', branchCode: null, accountNo: '908439123' };
    expect(problemsOf({ payments: [hsbc] })).toEqual([
      'Tan Ah Kow: UOB needs the 3-digit HSBC branch code in front of the account number, and none is stored; add it in the payment information.',
    ]);
    // DBS files take the account as it is.
    expect(
      salaryFileProblems({
        ...uobInput,
        bank: 'DBS',
        originator: {
          name: 'Acme Pte. Ltd.',
          bankName: 'DBS',
          accountNo: '0720123456',
          organisationId: 'SGACME01',
        },
        payments: [hsbc],
      }),
    ).toEqual([]);
  });

  it('refuses a stored bank code that belongs to another bank', () => {
    expect(problemsOf({ payments: [{ ...siti, bankCode: '9247' }] })).toEqual([
      "Siti binte Ali: the stored bank code 9247 is not OCBC's (7339); correct the payment information.",
    ]);
  });

  it('reports an empty file and collects every problem in the thrown error', () => {
    expect(problemsOf({ payments: [] })).toEqual(['There is no salary payment to put in the file.']);
    let caught: unknown;
    try {
      salaryFile({ ...uobInput, sequence: 100, payments: [{ ...tan, bankName: null, amountCents: 0 }] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StatutoryFileError);
    expect((caught as StatutoryFileError).problems).toHaveLength(3);
  });
});

describe('RECEIVING_BANKS', () => {
  it('covers every bank the app stores, with 4-digit codes and 11-character BICs', () => {
    expect(Object.keys(RECEIVING_BANKS).sort()).toEqual([...BANK_NAMES].sort());
    for (const bank of Object.values(RECEIVING_BANKS)) {
      expect(bank.bankCode).toMatch(/^\d{4}$/);
      expect(bank.bic).toMatch(/^[A-Z0-9]{11}$/);
    }
  });

  it('holds the facts table values', () => {
    expect(RECEIVING_BANKS.POSB).toMatchObject({ bankCode: '7171', bic: 'DBSSSGSGXXX' });
    expect(RECEIVING_BANKS.OCBC).toMatchObject({ bankCode: '7339', branchPrefixInUob: true });
    expect(RECEIVING_BANKS.HSBC).toMatchObject({
      bankCode: '9548',
      bic: 'HSBCSGS2XXX',
      branchPrefixInUob: true,
      alternative: { bankCode: '7232', bic: 'HSBCSGSGXXX' },
    });
    expect(RECEIVING_BANKS['Standard Chartered']).toMatchObject({ bankCode: '9496', bic: 'SCBLSG22XXX' });
    expect(RECEIVING_BANKS.Citibank).toMatchObject({ bankCode: '9201', bic: 'CITISGSLXXX' });
    expect(RECEIVING_BANKS['Bank of China']).toMatchObject({
      bankCode: '7083',
      bic: 'BKCHSGSGXXX',
      certainty: 'weak',
    });
    expect(RECEIVING_BANKS.ANZ).toMatchObject({ bankCode: '7931', bic: 'ANZBSGSXXXX', certainty: 'weak' });
    expect(RECEIVING_BANKS.CIMB).toMatchObject({ bankCode: '7986', bic: 'CIBBSGSGXXX', certainty: 'weak' });
  });
});

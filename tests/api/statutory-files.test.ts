import type { PayslipAggregate, PayslipDetail } from '../../src/domain/payslips';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from './harness';
import { adminSession, caller, createEmployee, staffSession } from './payroll-fixtures';

/**
 * Issue 15: the month's files for the CPF Board and the bank, and the year's IR8A, read back the way
 * the receiving party reads them: by column. Every expected figure is the payslips' own (read through
 * the payroll API) or worked out here from the published rules, never taken from the files' code.
 */

let t: TestApp;
let api: ReturnType<typeof caller>;

const YEAR = 2026;
const MONTH = 3;
const period = `year=${YEAR}&month=${MONTH}`;

/** The CPF account numbers below are real-shaped NRICs/FINs whose check letters are right. */
const people = {
  citizen: { fullName: 'Tan Ah Kow', nric: 'S8012345J' },
  pr3: { fullName: 'Priya d/o Raman', nric: 'S7654321F' },
  joiner: { fullName: 'Nur Aisyah binte Ismail', nric: 'T0312345B' },
  leaver: { fullName: 'Marcus de Souza', nric: 'S9123456D' },
  both: { fullName: 'Lim Mei Ling', nric: 'T0234567B' },
  pr1: { fullName: 'Wang Fang', nric: 'S6543210B' },
  foreigner: { fullName: 'John Smith', nric: 'F1234567N' },
};
const ids: Record<keyof typeof people, number> = {} as never;

const cents = (dollars: number) => Math.round(dollars * 100);
/** 185000 -> '1,850.00', as a reader sees an amount in the PDFs. */
const money = (amountCents: number) =>
  (amountCents / 100).toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** SDL of one employee (cpf-facts section 7): 0.25% of total wages, at least $2, wages above $4,500 not charged. */
const sdlOf = (grossCents: number) =>
  grossCents === 0 ? 0 : Math.max(200, Math.min(grossCents, 450_000) / 400);

const recordsOf = (text: string) => {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(line).toHaveLength(150);
  return lines;
};
/** Columns by their 1-based, inclusive positions, as the layout tables give them. */
const cols = (record: string, from: number, to: number) => record.slice(from - 1, to);

beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await adminSession(t);
  api = caller(t, headers);
});
afterAll(async () => {
  await t.close();
});

describe('the company', () => {
  it('refuses the CPF file and the IR8A until the UEN is set, saying so', async () => {
    const company = await api.get('/company');
    expect(company.status).toBe(200);
    expect(company.body).toMatchObject({ uen: null, cpfSubmissionNumber: null });
    const file = await api.get(`/payslips/cpf-file?${period}`);
    expect(file.status).toBe(409);
    expect((file.body as { message: string }).message).toMatch(/UEN is not set/);
  });

  it('checks the UEN by its shapes and the CPF submission number against it', async () => {
    for (const uen of ['12345678', '2019123456', 'X08LL1234A', '201912345']) {
      const refused = await api.put('/company', { name: 'Acme Pte. Ltd.', uen });
      expect(refused.status, uen).toBe(400);
      expect((refused.body as { message: string }).message).toMatch(/UEN must be/);
    }
    const otherCsn = await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      cpfSubmissionNumber: '53123456APTE01',
    });
    expect(otherCsn.status).toBe(400);
    expect(await api.put('/company', { name: '  ' })).toMatchObject({ status: 400 });
    for (const uen of ['53123456A', 'T08LL1234A', 's99pf0001b']) {
      expect((await api.put('/company', { name: 'Acme Pte. Ltd.', uen })).status, uen).toBe(200);
    }
  });

  it('saves the particulars, with the UEN + PTE01 as the default CSN', async () => {
    const saved = await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      uen: '201912345k',
      address: '1 Example Road, Singapore 123456',
      bankName: 'UOB',
      bankAccountNo: '3701234567',
      bankAccountName: 'ACME PTE LTD',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      cpfSubmissionNumber: '201912345KPTE01',
      address: '1 Example Road, Singapore 123456',
      // Not given: no authorised person yet (the IR8A leaves lines to write on).
      authorisedPersonName: null,
      authorisedPersonDesignation: null,
      authorisedPersonPhone: null,
      authorisedPersonEmail: null,
      bankName: 'UOB',
      bankAccountNo: '3701234567',
      bankAccountName: 'ACME PTE LTD',
      bankAccounts: [
        { bankName: 'UOB', accountNo: '3701234567', accountName: 'ACME PTE LTD', organisationId: null },
      ],
      // The settings' defaults (issues 34, 39 and 37's 90-day claim window), and no SMTP_URL in tests: mail goes to the outbox.
      protectEmailedPayslips: true,
      requirePayRunApproval: true,
      claimWindowDays: 90,
      mailDelivery: { mode: 'OUTBOX' },
    });
    expect((await api.get('/company')).body).toEqual(saved.body);
  });

  it('keeps several accounts, one per bank (DBS and POSB are one bank), the first shown in the fields of old', async () => {
    const accounts = [
      { bankName: 'UOB', accountNo: '3701234567', accountName: 'ACME PTE LTD', organisationId: null },
      { bankName: 'DBS', accountNo: '0721234567', accountName: null, organisationId: 'sgacme01' },
    ];
    const saved = await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      bankAccounts: accounts,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      bankName: 'UOB',
      bankAccountNo: '3701234567',
      bankAccountName: 'ACME PTE LTD',
      bankAccounts: [accounts[0], { ...accounts[1], organisationId: 'SGACME01' }],
    });
    expect((await api.get('/company')).body).toEqual(saved.body);

    const twice = await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      bankAccounts: [...accounts, { bankName: 'POSB', accountNo: '123456789' }],
    });
    expect(twice.status).toBe(400);
    expect((twice.body as { message: string }).message).toContain('There is already a DBS account');
    for (const wrong of [
      { bankName: 'Barclays', accountNo: '1' },
      { bankName: 'UOB', accountNo: '37-0123' },
      { bankName: 'DBS', accountNo: '1', organisationId: 'SG ACME 01 TOO LONG' },
    ]) {
      const refused = await api.put('/company', { name: 'Acme Pte. Ltd.', bankAccounts: [wrong] });
      expect(refused.status, JSON.stringify(wrong)).toBe(400);
    }
    // The single account of old still means a list of that one account.
    const legacy = await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      bankName: 'UOB',
      bankAccountNo: '3701234567',
      bankAccountName: 'ACME PTE LTD',
    });
    expect((legacy.body as { bankAccounts: unknown[] }).bankAccounts).toEqual([accounts[0]]);
  });
});

describe(`the month's files`, () => {
  let payslips: Map<number, PayslipDetail & { aggregate: PayslipAggregate }>;

  beforeAll(async () => {
    const make = async (key: keyof typeof people, options: Parameters<typeof createEmployee>[1]) => {
      ids[key] = (await createEmployee(t, { ...people[key], ...options })).id;
    };
    await make('citizen', { salaryCents: 500_000, selfHelpGroup: 'CDAC', hireDate: '2019-04-01' });
    await make('pr3', {
      salaryCents: 380_000,
      cpfType: 'PR 3 YEAR AND ABOVE',
      selfHelpGroup: 'SINDA',
      hireDate: '2021-08-16',
      bank: ['OCBC', '7339', '501', '123456789'],
    });
    await make('joiner', { salaryCents: 320_000, selfHelpGroup: 'MBMF', hireDate: '2026-03-10' });
    await make('leaver', {
      salaryCents: 610_000,
      selfHelpGroup: 'ECF',
      hireDate: '2018-01-02',
      employmentStatus: 'RESIGNED',
      lastDayOfService: '2026-03-20',
    });
    await make('both', {
      salaryCents: 250_000,
      hireDate: '2026-03-02',
      employmentStatus: 'RESIGNED',
      lastDayOfService: '2026-03-27',
    });
    await make('pr1', {
      salaryCents: 420_000,
      cpfType: 'SINGAPORE PR 1 YEAR',
      cpfSection: 'CPF2',
      rates: [5, 17],
      hireDate: '2024-05-01',
    });
    await make('foreigner', { salaryCents: 900_000, cpfType: 'NONE', cpfSection: 'NONE', rates: null });

    const open = await api.get(`/payslips/unprocessed-and-items-added?${period}`);
    expect(open.status).toBe(200);
    const all = Object.values(ids).map((userId) => ({ userId, year: YEAR, month: MONTH }));
    const processed = await api.post('/payslips/bulk-process', { payDate: '2026-03-31', payslips: all });
    expect(processed.body).toMatchObject({ processed: all.length });
    const aggregates = (await api.get(`/payslips/processed/aggregates?${period}`)).body as PayslipAggregate[];
    payslips = new Map();
    for (const aggregate of aggregates) {
      const detail = (await api.get(`/users/${aggregate.userDetails.id}/payslips?${period}`))
        .body as PayslipDetail;
      payslips.set(aggregate.userDetails.id, { ...detail, aggregate });
    }
    expect(payslips.size).toBe(all.length);
  });

  const of = (key: keyof typeof people) => {
    const payslip = payslips.get(ids[key]);
    if (!payslip?.totals) throw new Error(`no processed payslip for ${key}`);
    return { ...payslip, totals: payslip.totals };
  };
  const totalCpfCents = (key: keyof typeof people) =>
    cents(of(key).totals.employeeCpf) + cents(of(key).totals.employerCpf);
  const everyone = () => Object.keys(people) as Array<keyof typeof people>;

  it('prices the citizen at the published 20% + 17% (a check on the figures the files carry)', () => {
    expect(of('citizen').totals).toMatchObject({ ordinaryWages: 5000, employeeCpf: 1000, employerCpf: 850 });
    expect(of('foreigner').totals).toMatchObject({ employeeCpf: 0, employerCpf: 0 });
  });

  it('answers the CPF summary: CPF, SDL and each fund, in dollars, and what stops the file', async () => {
    const response = await api.get(`/payslips/cpf-summary?${period}`);
    expect(response.status).toBe(200);
    const employee = everyone().reduce((sum, key) => sum + cents(of(key).totals.employeeCpf), 0);
    const employer = everyone().reduce((sum, key) => sum + cents(of(key).totals.employerCpf), 0);
    const sdl =
      Math.floor(everyone().reduce((sum, key) => sum + sdlOf(cents(of(key).totals.grossPay)), 0) / 100) * 100;
    const fund = (key: keyof typeof people) => cents(of(key).totals.selfHelpGroup);
    const shg = fund('citizen') + fund('pr3') + fund('joiner') + fund('leaver');
    expect(response.body).toEqual({
      year: YEAR,
      month: MONTH,
      employees: 7,
      employeeCpf: employee / 100,
      employerCpf: employer / 100,
      totalCpf: (employee + employer) / 100,
      sdl: sdl / 100,
      // In the order of their payment codes: 02 MBMF, 03 SINDA, 04 CDAC, 05 ECF.
      shg: [
        { fund: 'MBMF', donors: 1, amount: fund('joiner') / 100 },
        { fund: 'SINDA', donors: 1, amount: fund('pr3') / 100 },
        { fund: 'CDAC', donors: 1, amount: fund('citizen') / 100 },
        { fund: 'ECF', donors: 1, amount: fund('leaver') / 100 },
      ],
      totalPayable: (employee + employer + shg + sdl) / 100,
      unprocessed: 0,
      problems: [],
      // The leavers here are citizens and PRs: no IR21, so no pay is withheld (issue 35 item 5).
      withheld: [],
      released: [],
    });
  });

  it('gives the CPF summary as a PDF for the finance file: the same amounts, each employee with a masked NRIC/FIN', async () => {
    const response = await api.get(`/payslips/cpf-summary/pdf?${period}`);
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toBe('application/pdf');
    expect(response.raw.headers['content-disposition']).toBe(
      'attachment; filename="cpf-summary-2026-03.pdf"',
    );
    const { text } = await pdfText(response.raw.rawPayload);
    const lines = text.split('\n');
    const summary = (await api.get(`/payslips/cpf-summary?${period}`)).body as {
      employeeCpf: number;
      employerCpf: number;
      totalCpf: number;
      sdl: number;
      totalPayable: number;
    };
    expect(lines).toContain('Acme Pte. Ltd.: CPF summary for March 2026');
    expect(lines).toContain(`CPF: employee ${money(cents(summary.employeeCpf))}`);
    expect(lines).toContain(`CPF: employer ${money(cents(summary.employerCpf))}`);
    expect(lines).toContain(`CPF: total ${money(cents(summary.totalCpf))}`);
    expect(lines).toContain(`SDL (Skills Development Levy) ${money(cents(summary.sdl))}`);
    expect(lines).toContain(`CDAC 1 ${money(cents(of('citizen').totals.selfHelpGroup))}`);
    expect(lines).toContain(`Total payable ${money(cents(summary.totalPayable))}`);
    expect(lines).toContain('7 staff processed for March 2026.');
    // Each employee's line: wages and CPF as their payslip, the NRIC/FIN masked (first letter, last four).
    const line = (key: keyof typeof people, masked: string, fund: string) => {
      const p = of(key).totals;
      const total = cents(p.employeeCpf) + cents(p.employerCpf);
      return [
        people[key].fullName,
        masked,
        money(cents(p.ordinaryWages)),
        money(cents(p.additionalWages)),
        money(cents(p.employeeCpf)),
        money(cents(p.employerCpf)),
        money(total),
        fund,
        money(cents(p.selfHelpGroup)),
      ].join(' ');
    };
    expect(lines).toContain(line('citizen', 'S****345J', 'CDAC'));
    expect(lines).toContain(line('foreigner', 'F****567N', '-'));
    for (const person of Object.values(people)) expect(text).not.toContain(person.nric);
    const sumOf = (pick: (key: keyof typeof people) => number) =>
      everyone().reduce((sum, key) => sum + pick(key), 0);
    expect(lines).toContain(
      [
        'Total',
        money(sumOf((key) => cents(of(key).totals.ordinaryWages))),
        money(sumOf((key) => cents(of(key).totals.additionalWages))),
        money(cents(summary.employeeCpf)),
        money(cents(summary.employerCpf)),
        money(cents(summary.totalCpf)),
        money(sumOf((key) => cents(of(key).totals.selfHelpGroup))),
      ].join(' '),
    );
  });

  it('writes the CPF EZPay file column by column, its totals the payslips', async () => {
    const response = await api.get(`/payslips/cpf-file?${period}`);
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.raw.headers['content-disposition']).toBe(
      'attachment; filename="201912345KPTE01MAR202601.DTL"',
    );
    const records = recordsOf(response.raw.body);
    const key = 'F' as const;
    for (const record of records) {
      expect(cols(record, 1, 1)).toBe(key);
      expect(cols(record, 3, 12)).toBe('201912345K');
      expect(cols(record, 13, 17)).toBe('PTE01');
      expect(cols(record, 18, 18)).toBe(' ');
      expect(cols(record, 19, 20)).toBe('01');
    }
    const [header, ...rest] = records;
    const trailer = rest.pop() ?? '';
    expect(cols(header ?? '', 2, 2)).toBe(' ');
    expect(cols(header ?? '', 21, 28)).toMatch(/^20\d{6}$/);
    expect(cols(header ?? '', 29, 34)).toMatch(/^\d{6}$/);
    expect(cols(header ?? '', 35, 47)).toBe('FTP.DTL      ');
    expect(cols(header ?? '', 48, 150).trim()).toBe('');

    const summaries = rest.filter((record) => cols(record, 2, 2) === '0');
    const details = rest.filter((record) => cols(record, 2, 2) === '1');
    expect(summaries.length + details.length).toBe(rest.length);
    const summary = new Map(
      summaries.map((record) => {
        expect(cols(record, 21, 26)).toBe('202603');
        return [
          cols(record, 27, 28),
          { amount: Number(cols(record, 29, 40)), donors: Number(cols(record, 41, 47)) },
        ];
      }),
    );
    const cpfTotal = everyone().reduce((sum, k) => sum + totalCpfCents(k), 0);
    const sdl =
      Math.floor(everyone().reduce((sum, k) => sum + sdlOf(cents(of(k).totals.grossPay)), 0) / 100) * 100;
    const shgOf = (k: keyof typeof people) => cents(of(k).totals.selfHelpGroup);
    expect([...summary.keys()]).toEqual(['01', '02', '03', '04', '05', '11']);
    expect(summary.get('01')).toEqual({ amount: cpfTotal, donors: 0 });
    expect(summary.get('02')).toEqual({ amount: shgOf('joiner'), donors: 1 });
    expect(summary.get('03')).toEqual({ amount: shgOf('pr3'), donors: 1 });
    expect(summary.get('04')).toEqual({ amount: shgOf('citizen'), donors: 1 });
    expect(summary.get('05')).toEqual({ amount: shgOf('leaver'), donors: 1 });
    expect(summary.get('11')).toEqual({ amount: sdl, donors: 0 });

    const cpfDetails = details.filter((record) => cols(record, 27, 28) === '01');
    const expectedStatus: Record<string, string> = {
      citizen: 'E',
      pr3: 'E',
      joiner: 'N',
      leaver: 'L',
      both: 'O',
      pr1: 'E',
    };
    // Everyone but the FIN holder (no CPF: no CPF line), in account-number order.
    expect(cpfDetails.map((record) => cols(record, 29, 37))).toEqual(
      Object.keys(expectedStatus)
        .map((k) => people[k as keyof typeof people].nric)
        .sort(),
    );
    for (const k of Object.keys(expectedStatus) as Array<keyof typeof people>) {
      const record = cpfDetails.find((r) => cols(r, 29, 37) === people[k].nric) ?? '';
      expect(cols(record, 21, 26), k).toBe('202603');
      expect(Number(cols(record, 38, 49)), k).toBe(totalCpfCents(k));
      expect(Number(cols(record, 50, 59)), k).toBe(cents(of(k).totals.ordinaryWages));
      expect(Number(cols(record, 60, 69)), k).toBe(cents(of(k).totals.additionalWages));
      expect(cols(record, 70, 70), k).toBe(expectedStatus[k]);
      expect(cols(record, 71, 136).trimEnd(), k).toBe(people[k].fullName.toUpperCase());
    }
    const shgDetails = details.filter((record) => cols(record, 27, 28) !== '01');
    expect(shgDetails.map((record) => [cols(record, 27, 28), cols(record, 29, 37)])).toEqual([
      ['02', people.joiner.nric],
      ['03', people.pr3.nric],
      ['04', people.citizen.nric],
      ['05', people.leaver.nric],
    ]);
    for (const record of shgDetails) {
      expect(cols(record, 50, 69)).toBe('0'.repeat(20));
      expect(cols(record, 70, 70)).toBe(' ');
    }

    expect(cols(trailer, 2, 2)).toBe('9');
    expect(Number(cols(trailer, 21, 27))).toBe(records.length);
    expect(Number(cols(trailer, 28, 42))).toBe(
      [...summary.values()].reduce((sum, line) => sum + line.amount, 0),
    );
  });

  it('takes another advice code into the file and its name', async () => {
    const response = await api.get(`/payslips/cpf-file?${period}&adviceCode=02`);
    expect(response.raw.headers['content-disposition']).toContain('201912345KPTE01MAR202602.DTL');
    expect(cols(recordsOf(response.raw.body)[0] ?? '', 19, 20)).toBe('02');
    expect((await api.get(`/payslips/cpf-file?${period}&adviceCode=00`)).status).toBe(400);
  });

  it('writes the UOB salary file: 615-character records, net payable per employee, the Appendix 4 hash', async () => {
    const response = await api.get(`/payslips/bank-file?${period}&bank=UOB`);
    expect(response.status).toBe(200);
    const name = /filename="(UGBI(\d{2})(\d{2})01\.txt)"/.exec(
      response.raw.headers['content-disposition'] ?? '',
    );
    expect(name).not.toBeNull();
    const text = response.raw.body;
    const records = text.replace(/\r\n$/, '').split('\r\n');
    for (const record of records) expect(record).toHaveLength(615);
    const [header = '', ...rest] = records;
    const trailer = rest.pop() ?? '';
    expect(cols(header, 1, 1)).toBe('1');
    expect(`${cols(header, 2, 11)}.txt`).toBe(name?.[1]);
    expect(cols(header, 12, 12)).toBe('R');
    expect(cols(header, 36, 46)).toBe('UOVBSGSGXXX');
    expect(cols(header, 47, 49)).toBe('SGD');
    expect(cols(header, 50, 83).trimEnd()).toBe('3701234567');
    expect(cols(header, 84, 223).trimEnd()).toBe('ACME PTE LTD');
    const created = cols(header, 224, 231);
    expect(`${name?.[2]}${name?.[3]}`).toBe(`${created.slice(6, 8)}${created.slice(4, 6)}`);
    // Paid in March: the pay date has passed, so the value date is the next working day after today.
    const valueDate = cols(header, 232, 239);
    expect(valueDate > created).toBe(true);
    const weekday = new Date(
      `${valueDate.slice(0, 4)}-${valueDate.slice(4, 6)}-${valueDate.slice(6)}T00:00:00Z`,
    ).getUTCDay();
    expect([0, 6]).not.toContain(weekday);

    expect(rest).toHaveLength(everyone().length);
    const byAccount = new Map(rest.map((record) => [cols(record, 13, 46).trimEnd(), record]));
    const ocbc = byAccount.get('501123456789') ?? '';
    expect(cols(ocbc, 2, 12)).toBe('OCBCSGSGXXX');
    expect(Number(cols(ocbc, 190, 207))).toBe(cents(of('pr3').aggregate.netPayable));
    for (const record of rest) {
      expect(cols(record, 1, 1)).toBe('2');
      expect(cols(record, 187, 189)).toBe('SGD');
      expect(cols(record, 278, 281)).toBe('SALA');
    }
    const total = everyone().reduce((sum, k) => sum + cents(of(k).aggregate.netPayable), 0);
    expect(rest.reduce((sum, record) => sum + Number(cols(record, 190, 207)), 0)).toBe(total);
    expect(cols(trailer, 1, 1)).toBe('9');
    expect(Number(cols(trailer, 2, 19))).toBe(total);
    expect(Number(cols(trailer, 20, 26))).toBe(rest.length);
    expect(Number(cols(trailer, 27, 42))).toBe(uobHash(header, rest));
  });

  it("refuses a bank's file while the company has no account at that bank, naming the bank", async () => {
    for (const bank of ['DBS', 'OCBC']) {
      const refused = await api.get(`/payslips/bank-file?${period}&bank=${bank}`);
      expect(refused.status, bank).toBe(409);
      expect((refused.body as { message: string }).message).toBe(
        `The company has no ${bank} account: add its ${bank} account on the Company page to make a ${bank} salary file.`,
      );
    }
  });

  it('writes the DBS and OCBC files, and refuses an unknown bank by name', async () => {
    const put = await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      bankAccounts: [
        { bankName: 'UOB', accountNo: '3701234567', accountName: 'ACME PTE LTD' },
        { bankName: 'DBS', accountNo: '0721234567', organisationId: 'SGACME01' },
        { bankName: 'OCBC', accountNo: '501234567001' },
      ],
    });
    expect(put.status).toBe(200);
    const dbs = await api.get(`/payslips/bank-file?${period}&bank=DBS`);
    expect(dbs.status).toBe(200);
    const lines = dbs.raw.body.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^HEADER,/);
    expect(lines.filter((line: string) => line.startsWith('PAYMENT,'))).toHaveLength(everyone().length);
    expect(lines.at(-1)).toMatch(/^TRAILER,0*7,/);
    // UFF v1.9.3 (as cited): H03 the organisation ID of the DBS account; D02 BPY, D18 the receiving
    // bank's 4-digit code, D28 the amount with its decimal point, T02/T03 the count and the total.
    expect(lines[0]?.split(',').slice(0, 3)).toEqual([
      'HEADER',
      expect.stringMatching(/^\d{8}$/),
      'SGACME01',
    ]);
    const payments = lines
      .filter((line: string) => line.startsWith('PAYMENT,'))
      .map((l: string) => l.split(','));
    for (const fields of payments) expect(fields[1]).toBe('BPY');
    const ocbcPayee = payments.find((fields: string[]) => fields[15] === '123456789');
    expect(ocbcPayee?.[17]).toBe('7339');
    expect(ocbcPayee?.[27]).toBe((cents(of('pr3').aggregate.netPayable) / 100).toFixed(2));
    const dbsTotal = everyone().reduce((sum, k) => sum + cents(of(k).aggregate.netPayable), 0);
    expect(lines.at(-1)).toBe(
      `TRAILER,${String(payments.length).padStart(8, '0')},${(dbsTotal / 100).toFixed(2)}`,
    );
    // The DBS file debits the company's DBS account (D03), the OCBC file its OCBC one (columns 25-58).
    for (const line of lines.filter((l: string) => l.startsWith('PAYMENT,'))) {
      expect(line.split(',')[2]).toBe('0721234567');
    }
    const ocbc = await api.get(`/payslips/bank-file?${period}&bank=OCBC`);
    expect(ocbc.status).toBe(200);
    for (const record of ocbc.raw.body.replace(/\r\n$/, '').split('\r\n')) expect(record).toHaveLength(1000);
    expect(cols(ocbc.raw.body, 25, 58).trimEnd()).toBe('501234567001');
    // OCBC GIRO/FAST WITH INV v1.5 header: 30 is Payroll; the submission date is YYYYMMDD (today in
    // Singapore); charge bearer and batch booking are blank, and the value time is for FAST only.
    const ocbcHeader = ocbc.raw.body.slice(0, 1000);
    expect(cols(ocbcHeader, 1, 2)).toBe('30');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
    expect(cols(ocbcHeader, 6, 13)).toBe(today.replaceAll('-', ''));
    expect(cols(ocbcHeader, 202, 205)).toBe('    ');
    expect(cols(ocbcHeader, 206, 209)).toBe('GIRO');
    expect(cols(ocbcHeader, 234, 238)).toBe('     ');

    // Without the DBS account's organisation ID, DBS IDEAL cannot take the file: refused, saying so.
    await api.put('/company', {
      name: 'Acme Pte. Ltd.',
      uen: '201912345K',
      bankAccounts: [
        { bankName: 'UOB', accountNo: '3701234567', accountName: 'ACME PTE LTD' },
        { bankName: 'DBS', accountNo: '0721234567' },
        { bankName: 'OCBC', accountNo: '501234567001' },
      ],
    });
    const noOrganisation = await api.get(`/payslips/bank-file?${period}&bank=DBS`);
    expect(noOrganisation.status).toBe(409);
    expect((noOrganisation.body as { message: string }).message).toContain('organisation ID');

    const unknown = await api.get(`/payslips/bank-file?${period}&bank=Barclays`);
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toContain('Barclays');
  });

  it('takes a value date that is a real business day of the calendar, not past; the default says where it came from', async () => {
    // Days counted here from Singapore's today, independently of the app's date code.
    const sgToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
    const plus = (days: number) => {
      const d = new Date(`${sgToday}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
    const days = Array.from({ length: 21 }, (_, i) => plus(i + 1));
    const saturday = days.find((d) => weekday(d) === 6) ?? '';
    const [holiday = '', businessDay = ''] = days.filter((d) => ![0, 6].includes(weekday(d)));
    // The company's calendar gains a holiday: that weekday is no business day any more.
    const added = await api.post('/public-holidays', { date: holiday, name: 'Company Founding Day' });
    // 201 added; 409: already a gazetted holiday, which serves as well.
    expect([201, 409]).toContain(added.status);
    const bad = [
      [`${sgToday.slice(0, 4)}-11-31`, 'is not a date of the calendar'],
      [`${sgToday.slice(0, 4)}-02-30`, 'is not a date of the calendar'],
      [plus(-1), 'is in the past'],
      [saturday, 'is a Saturday, not a business day'],
      [holiday, 'is a public holiday, not a business day'],
      [plus(45), 'is more than 30 days ahead'],
    ];
    for (const [valueDate, words] of bad) {
      const response = await api.get(`/payslips/bank-file?${period}&bank=UOB&valueDate=${valueDate}`);
      expect(response.status, valueDate).toBe(400);
      expect((response.body as { message: string }).message).toContain(`valueDate: ${valueDate} ${words}`);
      expect((response.body as { code: string }).code).toBe('VALUE_DATE_REFUSED');
    }
    const chosen = await api.get(`/payslips/bank-file?${period}&bank=UOB&valueDate=${businessDay}`);
    expect(chosen.status).toBe(200);
    expect(cols(chosen.raw.body, 232, 239)).toBe(businessDay.replaceAll('-', ''));
    expect(chosen.raw.headers['x-value-date']).toBe(businessDay);
    expect(chosen.raw.headers['x-value-date-source']).toBe('chosen');
    // March's pay date (31 March 2026) has passed: the next business day after today, skipping the holiday.
    const byDefault = await api.get(`/payslips/bank-file?${period}&bank=UOB`);
    const expected = days.find((d) => ![0, 6].includes(weekday(d)) && d !== holiday);
    expect(byDefault.raw.headers['x-value-date']).toBe(expected);
    expect(byDefault.raw.headers['x-value-date-source']).toBe('next-business-day');
    expect(cols(byDefault.raw.body, 232, 239)).toBe(expected?.replaceAll('-', ''));
    if (added.status === 201) await api.delete(`/public-holidays/${holiday}`);
  });

  it('refuses a month with nothing processed, and an employee whose ID is not a CPF account', async () => {
    const empty = await api.get('/payslips/cpf-file?year=2026&month=1');
    expect(empty.status).toBe(409);
    expect((empty.body as { message: string }).message).toBe('No payslip is processed for January 2026.');
    expect((await api.get('/payslips/bank-file?year=2026&month=1&bank=UOB')).status).toBe(409);

    // A FIN holder put on CPF by mistake: the CPF Board takes no such account.
    const wrong = await createEmployee(t, {
      fullName: 'Wrongly On CPF',
      nric: 'G7654321L',
      hireDate: '2020-01-01',
    });
    await api.get('/payslips/unprocessed-and-items-added?year=2026&month=2');
    await api.post('/payslips/bulk-process', {
      payDate: '2026-02-27',
      payslips: [{ userId: wrong.id, year: 2026, month: 2 }],
    });
    const refused = await api.get('/payslips/cpf-file?year=2026&month=2');
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain('Wrongly On CPF');
    const summary = (await api.get('/payslips/cpf-summary?year=2026&month=2')).body as {
      problems: string[];
      unprocessed: number;
    };
    expect(summary.problems.join(' ')).toContain('G7654321L');
    expect(summary.unprocessed).toBeGreaterThan(0);
    // The PDF says the same, with the FIN masked.
    const pdf = await api.get('/payslips/cpf-summary/pdf?year=2026&month=2');
    const { text } = await pdfText(pdf.raw.rawPayload);
    expect(text).toContain('G****321L');
    expect(text).not.toContain('G7654321L');
    expect(text).toContain('not processed yet');
  });

  it('gives IR8A forms: one PDF page per employee with the full ID, a CSV, and each employee their own', async () => {
    const pdf = await api.get('/payslips/ir8a?year=2026');
    expect(pdf.status).toBe(200);
    expect(pdf.raw.headers['content-type']).toBe('application/pdf');
    const { pages } = await pdfText(pdf.raw.rawPayload);
    for (const k of everyone()) {
      const page = pages.find((p) => p.includes(people[k].nric));
      expect(page, k).toBeDefined();
      expect(page).toContain('Acme Pte. Ltd.');
      expect(page).toContain('201912345K');
      expect(page).toContain('Year of Assessment 2027');
    }
    const csv = await api.get('/payslips/ir8a?year=2026&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.raw.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csv.raw.body.trim().split('\r\n');
    // A header, then one row per employee paid in 2026 (the seven above and the FIN holder on CPF).
    expect(rows).toHaveLength(1 + everyone().length + 1);
    const citizenRow = rows.find((row: string) => row.includes(people.citizen.nric)) ?? '';
    expect(citizenRow).toContain('1000.00');

    const staff = await createEmployee(t, { fullName: 'Reads Own IR8A', hireDate: '2020-01-01' });
    await api.get('/payslips/unprocessed-and-items-added?year=2026&month=4');
    await api.post('/payslips/bulk-process', {
      payDate: '2026-04-30',
      payslips: [{ userId: staff.id, year: 2026, month: 4 }],
    });
    const own = caller(t, await staffSession(t, staff));
    const mine = await own.get(`/users/${staff.id}/ir8a?year=2026`);
    expect(mine.status).toBe(200);
    expect((await pdfText(mine.raw.rawPayload)).text).toContain('Reads Own IR8A');
    expect((await own.get(`/users/${ids.citizen}/ir8a?year=2026`)).status).toBe(403);
    expect((await own.get(`/users/${staff.id}/ir8a?year=2024`)).status).toBe(404);
    for (const path of [
      '/company',
      `/payslips/cpf-summary?${period}`,
      `/payslips/cpf-file?${period}`,
      '/payslips/ir8a?year=2026',
    ]) {
      expect((await own.get(path)).status, path).toBe(403);
    }
  });

  it("prints the company's name on the payslip PDF", async () => {
    const payslipId = of('citizen').aggregate.payslipId;
    const pdf = await api.get(`/payslips/${payslipId}/pdf`);
    expect((await pdfText(pdf.raw.rawPayload)).text).toContain('Acme Pte. Ltd.');
  });
});

/**
 * UOB v4.8 Appendix 4, written here from the bank's description: a field's check sum is the sum of
 * (position x character code) over its full width; the header gives Total1 from the originating
 * BIC, account and name; each detail, with a hash code cycling 1..9, adds its BIC, account and name
 * (the last two times the hash code), currency, amount, purpose code and the payment code (R = 22)
 * times the hash code.
 */
function uobHash(header: string, details: string[]): number {
  const sum = (field: string) =>
    [...field].reduce((total, char, i) => total + (i + 1) * char.charCodeAt(0), 0);
  const total1 = sum(cols(header, 36, 46)) + sum(cols(header, 50, 83)) + sum(cols(header, 84, 223));
  const total2 = details.reduce((total, record, index) => {
    const code = (index % 9) + 1;
    return (
      total +
      sum(cols(record, 2, 12)) +
      sum(cols(record, 13, 46)) * code +
      sum(cols(record, 47, 186)) * code +
      sum(cols(record, 187, 189)) +
      sum(cols(record, 190, 207)) +
      sum(cols(record, 278, 281)) +
      22 * code
    );
  }, 0);
  return total1 + total2;
}

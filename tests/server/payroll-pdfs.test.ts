import { computeRunPayslip, type PayslipItem, sdlCents } from '../../src/domain/payroll';
import { renderPayrollTablePdf } from '../../src/server/pdf/payroll-table';
import { type PayslipPdfData, renderPayslipPdf } from '../../src/server/pdf/payslip';
import { closePdfWorkers, renderPdfDocument, startPdfWorker } from '../../src/server/pdf/pool';
import { pdfText } from '../support/pdf-text';

// The worked example of docs/payroll.md, March 2026.
const items: PayslipItem[] = [
  { kind: 'ADHOC', type: 'OVERTIME', amountCents: 35_050 },
  { kind: 'DEDUCTION', type: 'LATENESS', amountCents: 4_520 },
  { kind: 'BONUS', type: 'AWS', amountCents: 300_000 },
  { kind: 'OTHER_ADDITION', type: 'TRAVEL_ALLOWANCE', amountCents: 12_000 },
  { kind: 'OTHER_DEDUCTION', type: 'LOAN', amountCents: 20_000 },
];
const totals = computeRunPayslip({
  year: 2026,
  month: 3,
  snapshot: {
    basicSalaryCents: 480_000,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'CPF1',
    employeeCpfRate: 18,
    employerCpfRate: 16,
    selfHelpGroup: 'CDAC',
    dateOfBirth: '1969-08-20',
  },
  items,
  yearToDate: { owSubjectCents: 960_000, awSubjectCents: 0 },
  lastDayOfService: null,
});

const payslip: PayslipPdfData = {
  companyName: 'Demo Company Pte. Ltd.',
  employee: { fullName: 'Tan Wei Ming', nric: 'S6912345D', designation: 'Engineer' },
  year: 2026,
  month: 3,
  payDate: '2026-03-31',
  basicSalaryCents: 480_000,
  items,
  totals,
  selfHelpGroup: 'CDAC',
  cpfRates: { employeePercent: 18, employerPercent: 16 },
  bank: { bankName: 'DBS', accountNo: '0123456789' },
  yearToDate: {
    grossPayCents: 2 * 480_000 + totals.grossPayCents,
    employeeCpfCents: 2 * 86_400 + totals.employeeCpfCents,
    employerCpfCents: 2 * 76_800 + totals.employerCpfCents,
    netPayCents: 2 * 393_600 + totals.netPayCents,
    netPayableCents: 2 * 393_600 + totals.netPayableCents,
  },
};

describe('payslip PDF', () => {
  it('shows every item by kind and the figures of the engine', async () => {
    const { text, pages } = await pdfText(await renderPayslipPdf(payslip));
    expect(pages).toHaveLength(1);
    for (const line of [
      'Demo Company Pte. Ltd.',
      'Payslip for March 2026',
      'Employee Tan Wei Ming',
      'Date of payment 31/03/2026',
      'Salary period 01/03/2026 - 31/03/2026',
      'NRIC/FIN S****345D',
      'Bank account DBS ******6789',
      'Basic salary 4,800.00',
      'Overtime 350.50',
      'Lateness -45.20',
      'Annual wage supplement (AWS) 3,000.00',
      'Gross pay 8,105.30',
      'Employee CPF (18%) -1,458.00',
      'Self-help group (CDAC) -3.00',
      'Net pay 6,644.30',
      'Travel allowance 120.00',
      'Loan -200.00',
      'Other items -80.00',
      'Net payable 6,564.30',
      'Employer CPF (16%) 1,298.00',
      'Year to date (2026)',
      'Gross pay 17,705.30',
    ]) {
      expect(text).toContain(line);
    }
    // The full identity and account numbers never appear.
    expect(text).not.toContain('S6912345D');
    expect(text).not.toContain('012345');
  });

  it("shows what MOM's itemised payslip asks of overtime: its hours, pay and period (issue 36)", async () => {
    // The vector: a workman on $2,288 works 10 overtime hours in June 2025 at 1.5 x $12.00 = $18.00,
    // so $180.00; a Sunday's 6 hours at the employer's request are two days' pay, 2 x $105.60.
    const { text } = await pdfText(
      await renderPayslipPdf({
        ...payslip,
        year: 2025,
        month: 6,
        payDate: '2025-07-07',
        basicSalaryCents: 228_800,
        items: [
          { kind: 'ADHOC', type: 'OVERTIME', amountCents: 18_000, hours: 10 },
          { kind: 'ADHOC', type: 'OFFDAY', amountCents: 21_120, hours: 6 },
        ],
      }),
    );
    for (const line of [
      'Date of payment 07/07/2025',
      'Salary period 01/06/2025 - 30/06/2025',
      'Overtime period 01/06/2025 - 30/06/2025',
      'Basic salary 2,288.00',
      'Overtime (10.00 h x $18.00) 180.00',
      '(6.00 h) 211.20',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('prints no overtime period for overtime typed without hours', async () => {
    expect((await pdfText(await renderPayslipPdf(payslip))).text).not.toContain('Overtime period');
  });

  it('prints a deduction of nothing as 0.00, not -0.00 (a foreigner on a work pass pays no CPF)', async () => {
    const { text } = await pdfText(
      await renderPayslipPdf({
        ...payslip,
        items: [],
        selfHelpGroup: 'NONE',
        cpfRates: null,
        totals: { ...totals, employeeCpfCents: 0, employerCpfCents: 0, shgCents: 0 },
      }),
    );
    expect(text).toContain('Employee CPF 0.00');
    expect(text).toContain('Self-help group (none) 0.00');
    expect(text).not.toContain('-0.00');
  });
});

describe('PDFs drawn in worker threads', () => {
  afterAll(closePdfWorkers);

  it('answer the same document as drawing it here, several at once', async () => {
    const [inWorkers, here] = await Promise.all([
      Promise.all(Array.from({ length: 3 }, () => renderPdfDocument({ kind: 'payslip', data: payslip }))),
      renderPayslipPdf(payslip),
    ]);
    const expected = (await pdfText(here)).text;
    for (const pdf of inWorkers) {
      expect(Buffer.isBuffer(pdf)).toBe(true);
      expect((await pdfText(pdf)).text).toBe(expected);
    }
    // A worker thread's first start loads TypeScript, pdfkit and the fonts: seconds on a busy machine.
  }, 60_000);

  it('are started ahead of a PDF, and stopping them during that start leaves nothing behind', async () => {
    await closePdfWorkers();
    startPdfWorker();
    startPdfWorker();
    // The server's shutdown while the thread loads: no error, no rejection left unhandled.
    await closePdfWorkers();
    startPdfWorker();
    const pdf = await renderPdfDocument({ kind: 'payslip', data: payslip });
    expect((await pdfText(pdf)).text).toContain('Payslip for March 2026');
  }, 60_000);
});

describe('processed table PDF', () => {
  it('lists every employee with the totals, the employer CPF and the SDL payable', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({
      name: `Employee ${String(i + 1).padStart(2, '0')}`,
      grossPayCents: 300_000 + i,
      employeeCpfCents: 60_000,
      employerCpfCents: 51_000,
      netPayCents: 240_000 + i,
      otherItemsCents: i % 2 === 0 ? 1_000 : -500,
      netPayableCents: 240_000 + i + (i % 2 === 0 ? 1_000 : -500),
      sdlCents: sdlCents(300_000 + i),
    }));
    const { text, pages } = await pdfText(
      await renderPayrollTablePdf({ companyName: 'Demo Company Pte. Ltd.', year: 2026, month: 10, rows }),
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('October 2026');
    for (const page of pages.slice(0, -1)) {
      expect(page).toContain('Employee Gross Pay Employee CPF Employer CPF Net Pay Other Items Net Payable');
    }
    expect(text).toContain('Employee 01 3,000.00 600.00 510.00 2,400.00 10.00 2,410.00');
    expect(text).toContain('Employee 02 3,000.01 600.00 510.00 2,400.01 -5.00 2,395.01');
    // 45 x $3,000 + 990 cents; 23 x $10 - 22 x $5.
    expect(text).toContain('Total 135,009.90 27,000.00 22,950.00 108,009.90 120.00 108,129.90');
    expect(text).toContain('A total of 45 employees with processed payslips.');
    expect(text).toContain('Employer CPF 22,950.00');
    // 0.25% of each wage, added up (337.52475) and rounded down to the dollar.
    expect(text).toContain('SDL payable 337.00');
  });

  it('keeps the employer summary together whatever the number of rows', async () => {
    for (const count of [18, 19, 20, 21, 22, 23, 24, 25]) {
      const rows = Array.from({ length: count }, (_, i) => ({
        name: `Employee ${i + 1}`,
        grossPayCents: 300_000,
        employeeCpfCents: 60_000,
        employerCpfCents: 51_000,
        netPayCents: 240_000,
        otherItemsCents: 0,
        netPayableCents: 240_000,
        sdlCents: 750,
      }));
      const { pages } = await pdfText(
        await renderPayrollTablePdf({ companyName: 'Demo Company Pte. Ltd.', year: 2026, month: 10, rows }),
      );
      // Up to 25 rows fit on one page with their total; the summary's four lines take at most one more.
      expect(pages.length, `${count} rows`).toBeLessThanOrEqual(2);
      const summaryPage = pages.find((page) => page.includes('SDL payable')) ?? '';
      expect(summaryPage, `${count} rows`).toContain('Employer CPF');
      expect(summaryPage, `${count} rows`).toContain(`A total of ${count} employees`);
    }
  });
});

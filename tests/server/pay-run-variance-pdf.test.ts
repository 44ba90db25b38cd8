import { renderTask } from '../../src/server/pdf/render-task';
import { pdfText } from '../support/pdf-text';

/**
 * Issue 39 item 3: the approver's variance report as a PDF, "per employee, this month against last
 * month (gross, CPF, net), flags for a change over 20%, joiners, leavers, first pay; totals against
 * last month". The figures below are written by hand, in dollars as the run carries them.
 */
const run = {
  year: 2026,
  month: 3,
  status: 'SUBMITTED' as const,
  variance: [
    {
      userId: 1,
      name: 'Priya Raman',
      // $4,000 to $5,000 is +25%; CPF 37% of gross (20% + 17%); net is gross less 20%.
      gross: { current: 5000, previous: 4000 },
      cpf: { current: 1850, previous: 1480 },
      net: { current: 4000, previous: 3200 },
      flags: ['CHANGE_OVER_20' as const],
    },
    {
      userId: 2,
      name: 'Nur Aisyah',
      gross: { current: 4000, previous: null },
      cpf: { current: 1480, previous: null },
      net: { current: 3200, previous: null },
      flags: ['JOINER' as const, 'FIRST_PAY' as const],
    },
    {
      userId: 3,
      name: 'Marcus de Souza',
      gross: { current: 4000, previous: 4000 },
      cpf: { current: 1480, previous: 1480 },
      net: { current: 3200, previous: 3200 },
      flags: ['LEAVER' as const],
    },
  ],
  // Last month: Priya and Marcus, $4,000 each.
  varianceTotals: {
    headcount: { current: 3, previous: 2 },
    gross: { current: 13000, previous: 8000 },
    cpf: { current: 4810, previous: 2960 },
    net: { current: 10400, previous: 6400 },
  },
};

describe('pay run variance PDF', () => {
  it('shows each employee against last month with the flags, and the totals with their change', async () => {
    const { text, pages } = await pdfText(
      await renderTask({ kind: 'payRunVariance', data: { companyName: 'Acme Pte. Ltd.', run } }),
    );
    expect(pages).toHaveLength(1);
    for (const line of [
      'Acme Pte. Ltd.: pay run variance for March 2026',
      'Headcount 2 3 +1',
      'Gross ($) 8,000.00 13,000.00 +5,000.00',
      'CPF, employee and employer ($) 2,960.00 4,810.00 +1,850.00',
      'Net ($) 6,400.00 10,400.00 +4,000.00',
      'Priya Raman 4,000.00 5,000.00 1,480.00 1,850.00 3,200.00 4,000.00 Change over 20%',
      'Nur Aisyah - 4,000.00 - 1,480.00 - 3,200.00 Joiner, First pay',
      'Marcus de Souza 4,000.00 4,000.00 1,480.00 1,480.00 3,200.00 3,200.00 Leaver',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('says so when no payslip is processed', async () => {
    const { text } = await pdfText(
      await renderTask({
        kind: 'payRunVariance',
        data: {
          companyName: 'Acme Pte. Ltd.',
          run: {
            ...run,
            status: 'OPEN',
            variance: [],
            varianceTotals: {
              headcount: { current: 0, previous: 0 },
              gross: { current: 0, previous: 0 },
              cpf: { current: 0, previous: 0 },
              net: { current: 0, previous: 0 },
            },
          },
        },
      }),
    );
    expect(text).toContain('No payslips processed for the month.');
    expect(text).toContain('Headcount 0 0 0');
  });
});

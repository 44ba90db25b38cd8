import { formatDayMonthYear } from '../../domain/dates';
import { formatCents } from '../../domain/money';
import type { Ir8aEmployer, Ir8aFigures } from '../../domain/payroll/ir8a';
import { monthName } from '../../domain/payslip-labels';
import { addressLines } from '../../domain/residential-address';
import { contentWidth, fonts, heading, keyValues, type Pdf, renderPdf, sectionTitle } from './document';
import { drawTable, type TableColumn } from './table';

export interface Ir8aPdfData {
  employer: Ir8aEmployer;
  /** One employee's figures per page, all of the same year of income. */
  figures: readonly Ir8aFigures[];
}

const columns: readonly TableColumn[] = [
  { header: 'Item', weight: 3 },
  { header: 'Amount', weight: 1, align: 'right' },
];

const money = (cents: number) => `$${formatCents(cents)}`;
const date = (isoDate: string | null) => (isoDate ? formatDayMonthYear(isoDate) : '-');
/** A commencement or cessation date is printed when it falls within the year, as the form asks. */
const dateWithin = (isoDate: string | null, year: number) =>
  isoDate?.startsWith(`${year}-`) ? formatDayMonthYear(isoDate) : '-';
/** A sub-line of an item, indented under it. */
const sub = (label: string) => `      ${label}`;
/** A line to write on by hand, as wide as a value of the declaration's two columns. */
const blank = '_'.repeat(28);

/** Said at the top of each provisional form: which month is still to be processed. */
const provisionalNotice = (figures: Ir8aFigures) =>
  `PROVISIONAL: ${monthName(Number(figures.periodTo.slice(5, 7)))} ${figures.year} is not processed yet for this employee, so these figures may still change. Do not file or sign this form.`;

/** One employee's IR8A on the current page. */
export function drawIr8a(doc: Pdf, data: Ir8aPdfData, figures: Ir8aFigures) {
  const { employee, year } = figures;
  heading(
    doc,
    'Form IR8A',
    `Return of Employee's Remuneration for the Year Ended 31 Dec ${year}\nYear of Assessment ${year + 1}`,
  );
  if (figures.provisional) {
    doc
      .font(fonts.bold)
      .fontSize(9)
      .fillColor('#b00020')
      .text(provisionalNotice(figures), doc.page.margins.left, doc.y, { width: contentWidth(doc) })
      .fillColor('black');
    doc.moveDown(0.4);
  }

  sectionTitle(doc, 'Employer');
  keyValues(
    doc,
    [
      ['Name of employer', data.employer.name],
      ['Tax ref. (UEN)', data.employer.uen],
      ...(data.employer.address ? [['Address', data.employer.address] as const] : []),
    ],
    { columns: 1, labelWidth: 130 },
  );

  sectionTitle(doc, 'Employee');
  keyValues(
    doc,
    [
      [`Tax ref. (${employee.idType})`, employee.idNumber],
      ['Full name', employee.fullName],
      ['Designation', employee.designation ?? '-'],
      ['Date of birth', date(employee.dateOfBirth)],
      ['Sex', employee.gender ?? '-'],
      ['Nationality', employee.nationality ?? '-'],
      ['Date of commencement', dateWithin(employee.hireDate, year)],
      ['Date of cessation', dateWithin(employee.lastDayOfService, year)],
      ['Period of employment', `${date(figures.periodFrom)} to ${date(figures.periodTo)}`],
    ],
    { labelWidth: 130 },
  );
  // On a row of its own: its lines stay together whatever their number.
  keyValues(doc, [['Residential address', addressLines(employee.address).join('\n') || 'Not available']], {
    columns: 1,
    labelWidth: 130,
  });

  sectionTitle(doc, 'Income');
  drawTable(doc, {
    columns,
    rows: [
      ['(a) Gross salary, fees, leave pay, wages and overtime pay', money(figures.salaryCents)],
      [
        figures.bonusDeclarationDate
          ? `(b) Bonus (declared on ${date(figures.bonusDeclarationDate)})`
          : '(b) Bonus',
        money(figures.bonusCents),
      ],
      ["(c) Director's fees", money(figures.directorsFeesCents)],
      ['(d) Others', money(figures.othersCents)],
      [sub('1. Allowances: (i) Transport'), money(figures.transportAllowanceCents)],
      // The payroll pays no entertainment allowance (no pay item type is one).
      [sub('1. Allowances: (ii) Entertainment'), money(0)],
      [sub('1. Allowances: (iii) Others'), money(figures.otherAllowancesCents)],
      [sub('2. Gross commission'), money(figures.commissionCents)],
      [sub('4. Gratuity/notice pay/ex-gratia payment/others'), money(figures.lumpSumCents)],
    ],
    footerRows: [['Total (a) + (b) + (c) + (d)', money(figures.totalCents)]],
  });

  sectionTitle(doc, 'Deductions');
  drawTable(doc, {
    columns,
    rows: [
      ["Employee's compulsory contribution to CPF", money(figures.employeeCpfCents)],
      [
        'Donations deducted through salaries (Yayasan Mendaki Fund, CDAC, SINDA, ECF)',
        money(figures.donationsCents),
      ],
      ['Contributions deducted from salaries to the Mosque Building Fund', money(figures.mbfCents)],
    ],
  });

  const notes = [
    'Prepared from the payroll records: benefits-in-kind (Appendix 8A), share-option gains (Appendix 8B), ' +
      'pensions, lump-sum payments and other items not paid through payroll are not included.',
    ...(figures.excludedCents > 0
      ? [
          `Reimbursements (${money(figures.excludedCents)}: medical claims, expenses repaid) are not ` +
            'included: they repay expenses and are not remuneration.',
        ]
      : []),
  ];
  doc
    .font(fonts.regular)
    .fontSize(8)
    .fillColor('#444444')
    .text(notes.join('\n'), doc.page.margins.left, doc.y, { width: contentWidth(doc) })
    .fillColor('black');

  sectionTitle(doc, "Employer's declaration");
  doc
    .font(fonts.regular)
    .fontSize(9)
    .text(
      `On behalf of ${data.employer.name}, I certify that the information given above is true, complete and correct.`,
      doc.page.margins.left,
      doc.y,
      { width: contentWidth(doc) },
    );
  doc.moveDown(0.6);
  const { employer } = data;
  keyValues(
    doc,
    [
      ['Authorised person', employer.authorisedPersonName ?? blank],
      ['Designation', employer.authorisedPersonDesignation ?? blank],
      ['Telephone', employer.authorisedPersonPhone ?? blank],
      ['E-mail', employer.authorisedPersonEmail ?? blank],
      ['Signature', blank],
      // The day the year was complete; a provisional form is not declared.
      ['Date', figures.declarationDate ? date(figures.declarationDate) : blank],
    ],
    { columns: 2, labelWidth: 110 },
  );
}

/**
 * Form IR8A for each employee of a year, one A4 page each: the employer, the employee (with the full
 * NRIC/FIN: a tax return needs it, unlike lists and payslips), the period of employment, items (a)
 * to (d), the total, the deductions and the employer's declaration.
 */
export function renderIr8aPdf(data: Ir8aPdfData): Promise<Buffer> {
  const year = data.figures[0]?.year;
  return renderPdf({ title: year === undefined ? 'Form IR8A' : `Form IR8A ${year}` }, (doc) => {
    if (data.figures.length === 0) {
      heading(doc, 'Form IR8A', data.employer.name);
      doc.text('No employees.');
      return;
    }
    data.figures.forEach((figures, index) => {
      if (index > 0) doc.addPage();
      drawIr8a(doc, data, figures);
    });
  });
}

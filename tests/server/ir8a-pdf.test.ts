import type { Ir8aFigures } from '../../src/domain/payroll/ir8a';
import type { Ir8aPdfData } from '../../src/server/pdf/ir8a';
import { renderTask } from '../../src/server/pdf/render-task';
import { pdfText } from '../support/pdf-text';

// Figures written by hand (the domain's sums are tested in tests/domain/payroll/ir8a.test.ts).
const joiner: Ir8aFigures = {
  year: 2025,
  employee: {
    userId: 7,
    fullName: 'Nur Aisyah Binti Rahman',
    idNumber: 'S8812345A',
    idType: 'NRIC',
    designation: 'Senior Engineer',
    dateOfBirth: '1988-04-02',
    gender: 'Female',
    nationality: 'SINGAPOREAN',
    hireDate: '2025-03-10',
    lastDayOfService: null,
    address: {
      addressBlock: '123',
      addressStreet: 'Ang Mo Kio Avenue 3',
      addressUnit: '#05-12',
      addressPostalCode: '560123',
      foreignAddress: null,
    },
  },
  periodFrom: '2025-03-10',
  periodTo: '2025-12-31',
  salaryCents: 4_424_684,
  bonusCents: 680_000,
  bonusDeclarationDate: '2025-12-24',
  directorsFeesCents: 200_000,
  commissionCents: 123_456,
  transportAllowanceCents: 12_000,
  otherAllowancesCents: 23_333,
  lumpSumCents: 0,
  othersCents: 158_789,
  totalCents: 5_463_473,
  employeeCpfCents: 1_046_627,
  mbfCents: 10_350,
  donationsCents: 4_750,
  excludedCents: 12_550,
  provisional: false,
  declarationDate: '2026-01-05',
};

const leaver: Ir8aFigures = {
  year: 2025,
  employee: {
    userId: 12,
    fullName: 'Tan, Mei Ling',
    idNumber: 'G1234567X',
    idType: 'FIN',
    designation: null,
    dateOfBirth: '1990-11-30',
    gender: null,
    nationality: 'MALAYSIAN',
    hireDate: '2019-06-01',
    lastDayOfService: '2025-10-15',
    address: {
      addressBlock: null,
      addressStreet: null,
      addressUnit: null,
      addressPostalCode: null,
      foreignAddress: null,
    },
  },
  periodFrom: '2025-01-01',
  periodTo: '2025-10-15',
  salaryCents: 2_896_704,
  bonusCents: 300_000,
  bonusDeclarationDate: '2025-02-27',
  directorsFeesCents: 0,
  commissionCents: 20_000,
  transportAllowanceCents: 5_000,
  otherAllowancesCents: 2_000,
  lumpSumCents: 0,
  othersCents: 27_000,
  totalCents: 3_223_704,
  employeeCpfCents: 643_340,
  mbfCents: 0,
  donationsCents: 1_400,
  excludedCents: 0,
  provisional: false,
  declarationDate: '2025-10-31',
};

const data: Ir8aPdfData = {
  employer: {
    name: 'Demo Company Pte. Ltd.',
    uen: '201912345K',
    address: '1 Raffles Place, #20-01, Singapore 048616',
    authorisedPersonName: 'Siti Rahmah',
    authorisedPersonDesignation: 'HR Manager',
    authorisedPersonPhone: '+65 6123 4567',
    authorisedPersonEmail: 'siti.rahmah@demo.example',
  },
  figures: [joiner, leaver],
};

describe('IR8A PDF', () => {
  it('prints one page per employee with the full NRIC/FIN, the year of assessment and the items', async () => {
    const { pages, info } = await pdfText(await renderTask({ kind: 'ir8a', data }));
    expect(info.Title).toBe('Form IR8A 2025');
    expect(pages).toHaveLength(2);
    const [first = '', second = ''] = pages;

    for (const page of [first, second]) {
      for (const line of [
        'Form IR8A',
        "Return of Employee's Remuneration for the Year Ended 31 Dec 2025",
        'Year of Assessment 2026',
        'Name of employer Demo Company Pte. Ltd.',
        'Tax ref. (UEN) 201912345K',
        'Address 1 Raffles Place, #20-01, Singapore 048616',
        "Employer's declaration",
        'On behalf of Demo Company Pte. Ltd., I certify that the information given above is true, complete and correct.',
        'Authorised person Siti Rahmah Designation HR Manager',
        'Telephone +65 6123 4567 E-mail siti.rahmah@demo.example',
      ]) {
        expect(page).toContain(line);
      }
    }
    expect(first).toContain('Page 1 of 2');
    expect(second).toContain('Page 2 of 2');
    // Each form is dated the day its year was complete, neither provisional.
    expect(first).toMatch(/Signature _+ Date 05\/01\/2026/);
    expect(second).toMatch(/Signature _+ Date 31\/10\/2025/);
    expect(pages.join('\n')).not.toMatch(/provisional/i);

    for (const line of [
      'Tax ref. (NRIC) S8812345A Full name Nur Aisyah Binti Rahman',
      'Designation Senior Engineer Date of birth 02/04/1988',
      'Sex Female Nationality SINGAPOREAN',
      'Date of commencement 10/03/2025 Date of cessation -',
      'Period of employment 10/03/2025 to 31/12/2025',
      'Residential address 123 Ang Mo Kio Avenue 3\n#05-12\nSingapore 560123',
      '(a) Gross salary, fees, leave pay, wages and overtime pay $44,246.84',
      '(b) Bonus (declared on 24/12/2025) $6,800.00',
      "(c) Director's fees $2,000.00",
      '(d) Others $1,587.89',
      '1. Allowances: (i) Transport $120.00',
      '1. Allowances: (ii) Entertainment $0.00',
      '1. Allowances: (iii) Others $233.33',
      '2. Gross commission $1,234.56',
      'Total (a) + (b) + (c) + (d) $54,634.73',
      "Employee's compulsory contribution to CPF $10,466.27",
      'Donations deducted through salaries (Yayasan Mendaki Fund, CDAC, SINDA, ECF) $47.50',
      'Contributions deducted from salaries to the Mosque Building Fund $103.50',
      'Reimbursements ($125.50: medical claims, expenses repaid) are not',
    ]) {
      expect(first).toContain(line);
    }

    for (const line of [
      'Tax ref. (FIN) G1234567X Full name Tan, Mei Ling',
      'Designation - Date of birth 30/11/1990',
      'Sex - Nationality MALAYSIAN',
      'Date of commencement - Date of cessation 15/10/2025',
      'Period of employment 01/01/2025 to 15/10/2025',
      'Residential address Not available',
      '(a) Gross salary, fees, leave pay, wages and overtime pay $28,967.04',
      '(b) Bonus (declared on 27/02/2025) $3,000.00',
      "(c) Director's fees $0.00",
      '(d) Others $270.00',
      '1. Allowances: (i) Transport $50.00',
      '1. Allowances: (ii) Entertainment $0.00',
      '1. Allowances: (iii) Others $20.00',
      '2. Gross commission $200.00',
      'Total (a) + (b) + (c) + (d) $32,237.04',
      "Employee's compulsory contribution to CPF $6,433.40",
      'Donations deducted through salaries (Yayasan Mendaki Fund, CDAC, SINDA, ECF) $14.00',
      'Contributions deducted from salaries to the Mosque Building Fund $0.00',
    ]) {
      expect(second).toContain(line);
    }
    expect(second).not.toContain('Medical claims');
    // Each page holds its own employee only.
    expect(first).not.toContain('G1234567X');
    expect(second).not.toContain('S8812345A');
  });

  it('leaves the address out when there is none, and draws a page for no employee', async () => {
    const one = await pdfText(
      await renderTask({ kind: 'ir8a', data: { ...data, employer: { ...data.employer, address: null } } }),
    );
    expect(one.text).not.toMatch(/^Address /m);
    const none = await pdfText(await renderTask({ kind: 'ir8a', data: { ...data, figures: [] } }));
    expect(none.pages).toHaveLength(1);
    expect(none.text).toContain('No employees.');
  });

  it('says on every page of an unfinished year that it is provisional, undated and to be signed later', async () => {
    const unfinished = { ...joiner, provisional: true, declarationDate: null, bonusDeclarationDate: null };
    const { pages } = await pdfText(
      await renderTask({
        kind: 'ir8a',
        data: {
          employer: {
            ...data.employer,
            authorisedPersonName: null,
            authorisedPersonDesignation: null,
            authorisedPersonPhone: null,
            authorisedPersonEmail: null,
          },
          figures: [unfinished, { ...unfinished, employee: { ...joiner.employee, userId: 8 } }],
        },
      }),
    );
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      // The joiner is employed at year end: December is the month still to come.
      expect(page).toMatch(/PROVISIONAL: December 2025 is not processed yet/);
      expect(page).toMatch(/Signature _+ Date _+/);
      expect(page).toMatch(/Authorised person _+ Designation _+/);
      expect(page).toContain('(b) Bonus $6,800.00');
    }
  });

  it('keeps each form on one page with a long three-line foreign address', async () => {
    // Three lines of 30 characters, the longest the staff form accepts.
    const lines = [
      'Flat 12A, Tower 3, Long Estate',
      'Jalan Tun Razak, Seksyen 9 Blk',
      '50400 Kuala Lumpur, Wilayah MY',
    ];
    expect(lines.map((line) => line.length)).toEqual([30, 30, 30]);
    const abroad = {
      ...leaver,
      employee: {
        ...leaver.employee,
        address: { ...leaver.employee.address, foreignAddress: lines.join('\n') },
      },
      excludedCents: 500,
      provisional: true,
      declarationDate: null,
    };
    const { pages } = await pdfText(
      await renderTask({ kind: 'ir8a', data: { ...data, figures: [abroad, joiner, abroad] } }),
    );
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain(`Residential address ${lines.join('\n')}`);
    expect(pages[0]).toContain('Page 1 of 3');
    expect(pages[2]).toContain(`Residential address ${lines.join('\n')}`);
    expect(pages[2]).toMatch(/PROVISIONAL: October 2025/);
  });
});

import { simpleParser } from 'mailparser';
import { type PayslipPdfData, renderPayslipPdf } from '../../src/server/pdf/payslip';
import { composePayslipEmail } from '../../src/server/pdf/payslip-email';
import { closePdfWorkers, composePayslipEmail as composeInWorker } from '../../src/server/pdf/pool';
import { pdfText } from '../support/pdf-text';

/**
 * Issue 33 item 7: a payslip e-mail is composed where its PDF is drawn, as one MIME message. A mail
 * reader (mailparser) must read back what was asked for, names in any script included, and the
 * attachment must be the payslip; the message keeps to the line rules of RFC 5322 (CRLF line ends,
 * lines of at most 78 characters) and RFC 2045 (base64 lines of at most 76).
 */

const payslip: PayslipPdfData = {
  companyName: '陈氏控股 Pte. Ltd.',
  employee: { fullName: 'Zoë Tan Wei Ming', nric: 'S6912345D', designation: 'Engineer' },
  year: 2026,
  month: 3,
  payDate: '2026-03-31',
  basicSalaryCents: 480_000,
  items: [{ kind: 'BONUS', type: 'BONUS', amountCents: 100_000 }],
  totals: {
    grossPayCents: 580_000,
    employeeCpfCents: 116_000,
    employerCpfCents: 98_600,
    shgCents: 300,
    netPayCents: 463_700,
    otherItemsCents: 0,
    netPayableCents: 463_700,
  },
  selfHelpGroup: 'CDAC',
  cpfRates: { employeePercent: 20, employerPercent: 17 },
  bank: { bankName: 'DBS', accountNo: '0123456789' },
  yearToDate: {
    grossPayCents: 580_000,
    employeeCpfCents: 116_000,
    employerCpfCents: 98_600,
    netPayCents: 463_700,
    netPayableCents: 463_700,
  },
};

const message = {
  from: { name: payslip.companyName, address: 'no-reply@acme.test' },
  to: 'wei.ming@acme.test',
  subject: 'Your payslip for March 2026',
  text: `Dear ${payslip.employee.fullName},\n\nYour payslip for March 2026 is attached.\n\n${payslip.companyName}\n`,
  messageId: '<payslip-email-42@payslips.hr-app>',
  filename: 'payslip-2026-03-7.pdf',
};

afterAll(closePdfWorkers);

it('reads back as the message asked for, in any script, with the payslip attached', async () => {
  const { message: bytes, pdfBytes } = await composePayslipEmail({ payslip, password: null, message });
  const mail = await simpleParser(bytes);
  expect(mail.from?.value).toEqual([{ name: '陈氏控股 Pte. Ltd.', address: 'no-reply@acme.test' }]);
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : []).toEqual([
    { name: '', address: 'wei.ming@acme.test' },
  ]);
  expect(mail.subject).toBe('Your payslip for March 2026');
  expect(mail.messageId).toBe('<payslip-email-42@payslips.hr-app>');
  expect(mail.text).toBe(message.text);
  expect(Math.abs((mail.date?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  expect(mail.attachments).toHaveLength(1);
  const [attachment] = mail.attachments;
  expect(attachment).toMatchObject({ filename: 'payslip-2026-03-7.pdf', contentType: 'application/pdf' });
  expect(attachment?.content.byteLength).toBe(pdfBytes);
  // The payslip as drawn on its own (a PDF's creation time differs, so its text is compared).
  const attached = await pdfText(attachment?.content ?? new Uint8Array());
  expect(attached.text).toBe((await pdfText(await renderPayslipPdf(payslip))).text);
  expect(attached.text).toContain('Employee Zoë Tan Wei Ming');

  const lines = bytes.toString('latin1').split('\r\n');
  expect(lines.filter((line) => line.includes('\n') || line.includes('\r'))).toEqual([]);
  expect(lines.filter((line) => line.length > 78)).toEqual([]);
  expect(bytes.subarray(-2).toString()).toBe('\r\n');
});

it('sends an ASCII text as it is, and is composed alike in a PDF thread', async () => {
  const ascii = {
    ...message,
    from: { name: 'Acme Pte. Ltd.', address: 'no-reply@acme.test' },
    text: 'Dear Tan Wei Ming,\n\nYour payslip for March 2026 is attached.\n\nAcme Pte. Ltd.\n',
  };
  const { message: bytes } = await composeInWorker({ payslip, password: null, message: ascii });
  expect(Buffer.isBuffer(bytes)).toBe(true);
  expect(bytes.toString('latin1')).toContain(
    '\r\n\r\nDear Tan Wei Ming,\r\n\r\nYour payslip for March 2026 is attached.\r\n\r\nAcme Pte. Ltd.\r\n',
  );
  const mail = await simpleParser(bytes);
  expect(mail.from?.value).toEqual([{ name: 'Acme Pte. Ltd.', address: 'no-reply@acme.test' }]);
  expect(mail.text).toBe(ascii.text);
  expect(mail.attachments.map((file) => file.filename)).toEqual(['payslip-2026-03-7.pdf']);
}, 60_000);

/**
 * The password of an e-mailed payslip PDF (issue 34, item 10; docs/features/payroll.md, "E-mailed
 * payslips"): the last four characters of the NRIC/FIN the payslip prints (three digits and the check
 * letter, upper case) followed by the date of birth as DDMMYYYY, such as 567D01021990 for S1234567D
 * born on 1 February 1990. Both come from what the payslip froze at processing, so a payslip's
 * password never changes after it was first sent. No password without both: such a payslip is not sent.
 */
export function payslipPdfPassword(idNumber: string | null, dateOfBirth: string | null): string | null {
  const id = idNumber?.replace(/\s/g, '').toUpperCase() ?? '';
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth ?? '');
  if (id.length < 4 || !date) return null;
  const [, year, month, day] = date;
  return `${id.slice(-4)}${day}${month}${year}`;
}

/** The e-mail's line on how to open the PDF, which never reveals the password itself. */
export const PAYSLIP_PASSWORD_HINT =
  'The attached PDF is protected with a password. Open it with the last four characters of your NRIC/FIN followed by your date of birth as DDMMYYYY.';

/** Why a protected payslip was not sent: the state the administrator reads beside the person. */
export const PAYSLIP_PASSWORD_MISSING =
  'Not sent: the payslip PDF is protected with the NRIC/FIN and date of birth, and this person has no NRIC/FIN or no date of birth on the payslip. Add them and process the payslip again, or turn off PDF protection on the Company page.';

import { payslipPdfPassword } from '../../../src/domain/payroll/payslip-password';

/**
 * Issue 34 item 10, as docs/features/payroll.md states the rule: the last four characters of the
 * NRIC/FIN (three digits and the check letter, upper case) followed by the date of birth as DDMMYYYY.
 */
it('is the last four characters of the NRIC/FIN, then the date of birth day first', () => {
  expect(payslipPdfPassword('S1234567D', '1990-02-01')).toBe('567D01021990');
  expect(payslipPdfPassword('G7654321N', '2001-12-31')).toBe('321N31122001');
  // Typed in lower case or with spaces, the letter is still upper case.
  expect(payslipPdfPassword('t0123456g ', '1975-07-09')).toBe('456G09071975');
});

it('is none without an identity number or a date of birth', () => {
  expect(payslipPdfPassword(null, '1990-02-01')).toBeNull();
  expect(payslipPdfPassword('', '1990-02-01')).toBeNull();
  expect(payslipPdfPassword('S1234567D', null)).toBeNull();
  expect(payslipPdfPassword('S1234567D', '01/02/1990')).toBeNull();
});

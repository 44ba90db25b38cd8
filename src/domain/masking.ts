/**
 * Identity and bank numbers are masked wherever they appear in lists and PDFs: enough to tell
 * people apart (the last characters), not enough to misuse.
 */
export function maskNric(nric: string): string {
  if (nric.length < 5) return '*'.repeat(nric.length);
  return `${nric.charAt(0)}${'*'.repeat(nric.length - 5)}${nric.slice(-4)}`;
}

export function maskAccountNumber(accountNo: string): string {
  const digits = accountNo.replace(/\s/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

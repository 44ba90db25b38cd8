import { describe, expect, it } from 'vitest';
import { maskAccountNumber, maskNric } from '../../src/domain/masking';

describe('masking for lists and PDFs', () => {
  it('keeps the prefix and the last four characters of an NRIC/FIN', () => {
    expect(maskNric('S1234567D')).toBe('S****567D');
    expect(maskNric('M5012345J')).toBe('M****345J');
    expect(maskNric('S12')).toBe('***');
  });

  it('keeps the last four digits of an account number', () => {
    expect(maskAccountNumber('012-345678-9')).toBe('********78-9');
    expect(maskAccountNumber('0123456789')).toBe('******6789');
    expect(maskAccountNumber('123')).toBe('***');
  });
});

import { describe, expect, it } from 'vitest';
import { isValidNric, nricCheckLetter } from '../../src/domain/nric';

describe('NRIC/FIN check letter', () => {
  it.each([
    ['S1234567D', true],
    ['S1234567A', false],
    ['T1234567J', true],
    ['F1234567N', true],
    ['G1234567X', true],
    ['M1234567K', true],
    ['M1234567B', false],
    ['S9812381D', true],
    ['M5012345J', true],
    ['M0000008J', true],
    ['M0000008M', false],
    ['F0000004M', true],
    ['s1234567d', true],
    ['S123456D', false],
    ['X1234567D', false],
  ])('%s is %s', (id, valid) => {
    expect(isValidNric(id)).toBe(valid);
  });

  it('computes the letter for a prefix and digits', () => {
    expect(nricCheckLetter('S', '1234567')).toBe('D');
    expect(() => nricCheckLetter('S', '123')).toThrow(/Not an NRIC\/FIN body/);
  });
});

import fc from 'fast-check';
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

  // An NRIC/FIN is exactly a prefix, seven digits and a letter: text around a well-formed one is not one.
  it('takes exactly seven digits, nothing before or after them', () => {
    expect(() => nricCheckLetter('S', '12345678')).toThrow(/Not an NRIC\/FIN body/);
    expect(() => nricCheckLetter('S', 'A1234567')).toThrow(/Not an NRIC\/FIN body/);
  });

  it.each(['S1234567DA', 'S1234567D1', 'AS1234567D', '1S1234567D'])(
    '%s (a valid NRIC inside) is not one',
    (id) => {
      expect(isValidNric(id)).toBe(false);
    },
  );
});

describe('NRIC/FIN properties', () => {
  const prefix = fc.constantFrom('S', 'T', 'F', 'G', 'M');
  const digits = fc.stringMatching(/^\d{7}$/);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

  it('accepts exactly one check letter for every prefix and seven digits', () => {
    fc.assert(
      fc.property(prefix, digits, (p, d) => {
        const valid = letters.filter((letter) => isValidNric(`${p}${d}${letter}`));
        expect(valid).toEqual([nricCheckLetter(p, d)]);
      }),
    );
  });

  it('ignores case and surrounding spaces', () => {
    fc.assert(
      fc.property(prefix, digits, (p, d) => {
        const id = `${p}${d}${nricCheckLetter(p, d)}`;
        expect(isValidNric(` ${id.toLowerCase()} `)).toBe(true);
      }),
    );
  });

  it('catches every single-digit typing error', () => {
    // Weights 2..7 are coprime to 11 and each series' letters are distinct, so no one-digit change keeps the letter.
    fc.assert(
      fc.property(prefix, digits, fc.nat(6), fc.integer({ min: 1, max: 9 }), (p, d, at, delta) => {
        const changed = `${d.slice(0, at)}${(Number(d[at]) + delta) % 10}${d.slice(at + 1)}`;
        expect(isValidNric(`${p}${changed}${nricCheckLetter(p, d)}`)).toBe(false);
      }),
    );
  });

  it('refuses anything that is not a prefix, seven digits and a letter', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        fc.pre(!/^\s*[STFGMstfgm]\d{7}[A-Za-z]\s*$/.test(text));
        expect(isValidNric(text)).toBe(false);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { isCompanyEmail } from '../../src/domain/auth';
import { freeText, idParam, idSchema, MAX_ID, nameText, text } from '../../src/domain/fields';

describe('id schemas', () => {
  it('accept 1..2147483647 and nothing outside', () => {
    expect(idSchema.safeParse(1).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    for (const bad of [0, -1, MAX_ID + 1, 1.5, Number.MAX_SAFE_INTEGER]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('read path and query ids from plain digits only', () => {
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of ['0', '007', '2147483648', '1e3', '0x10', ' 7', '7 ', '', '-1', '1'.repeat(101)]) {
      expect(idParam.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('text schemas', () => {
  it('refuse control characters, NUL and DEL included, and anything over the maximum', () => {
    const name = text(5);
    expect(name.safeParse('Tan').success).toBe(true);
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\u007fb', 'a\u0085b', 'abcdef']) {
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('let free text keep newlines and tabs, but no other control character', () => {
    const reason = freeText(20);
    expect(reason.safeParse('Line one\r\nLine\ttwo').success).toBe(true);
    expect(reason.safeParse('bell\u0007').success).toBe(false);
    expect(reason.safeParse('nul\u0000').success).toBe(false);
    expect(reason.safeParse('x'.repeat(21)).success).toBe(false);
  });
});

describe('names and company e-mails', () => {
  const name = nameText({ trim: true, required: true });

  it('keeps names of every script, composed, with the joiners some scripts need', () => {
    expect(name.parse('Nguye\u0302\u0303n Van An')).toBe('Nguy\u1EC5n Van An');
    expect(name.parse('  Siti Nur\u2019aini ')).toBe('Siti Nur\u2019aini');
    expect(name.parse('\u0BAE\u0BC1\u0BB0\u0BC1\u0B95\u0BA9\u0BCD')).toBe(
      '\u0BAE\u0BC1\u0BB0\u0BC1\u0B95\u0BA9\u0BCD',
    );
    expect(name.safeParse('\u0D15\u0D4D\u200D\u0D37').success).toBe(true);
  });

  it('refuses direction overrides, zero-width text and names without a letter', () => {
    for (const bad of ['Tan \u202Egnoh', '\u2066Lim\u2069', '\u200B\u200B', '\u200D', '1234', '---']) {
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes a company address only with an ASCII local part', () => {
    expect(isCompanyEmail('wei.ming+hr@company.test', 'company.test')).toBe(true);
    expect(isCompanyEmail('\u0430dmin@company.test', 'company.test')).toBe(false);
    expect(isCompanyEmail('admin@company.test.evil', 'company.test')).toBe(false);
    expect(isCompanyEmail('ad min@company.test', 'company.test')).toBe(false);
  });
});

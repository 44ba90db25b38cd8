import { describe, expect, it } from 'vitest';
import { freeText, idParam, idSchema, MAX_ID, text } from '../../src/domain/fields';

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

import { describe, expect, it } from 'vitest';
import { isCompanyEmail, loginRequestSchema, registerRequestSchema } from '../../src/domain/auth';

describe('company e-mail rule', () => {
  it('accepts the company domain in any letter case and nothing else', () => {
    expect(isCompanyEmail('tan.wm@company.test', 'company.test')).toBe(true);
    expect(isCompanyEmail('Tan.WM@Company.Test', 'company.test')).toBe(true);
    expect(isCompanyEmail('tan@company.test.evil.com', 'company.test')).toBe(false);
    expect(isCompanyEmail('tan@subcompany.test', 'company.test')).toBe(false);
    expect(isCompanyEmail('@company.test', 'company.test')).toBe(false);
    expect(isCompanyEmail('tan lee@company.test', 'company.test')).toBe(false);
  });

  it('gives the spec messages in the register schema', () => {
    const schema = registerRequestSchema('company.test');
    const outside = schema.safeParse({
      fullName: 'A',
      email: 'a@gmail.com',
      role: 'STAFF',
      password: 'Temp#2026x',
    });
    expect(outside.error?.issues[0]?.message).toBe('Email must be a valid @ company-domain email.');
    const blank = schema.safeParse({
      fullName: '',
      email: 'a@company.test',
      role: 'STAFF',
      password: 'Temp#2026x',
    });
    expect(blank.error?.issues[0]?.message).toBe('All fields are required.');
  });
});

describe('request schemas answer missing fields with the form messages', () => {
  it('login', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@company.test' }).error?.issues[0]?.message).toBe(
      'Email and Password are required.',
    );
  });

  it('register', () => {
    const schema = registerRequestSchema('company.test');
    const missing = schema.safeParse({ fullName: 'A', role: 'STAFF', password: 'Temp#2026x' });
    expect(missing.error?.issues[0]?.message).toBe('All fields are required.');
    const badRole = schema.safeParse({
      fullName: 'A',
      email: 'a@company.test',
      role: 'BOSS',
      password: 'Temp#2026x',
    });
    expect(badRole.error?.issues[0]?.message).toBe('Role must be ADMIN or STAFF.');
    // A form not yet filled in: the spec's one message, also for the role and the password.
    for (const blank of [{ role: '' }, { role: undefined }, { password: '' }]) {
      const result = schema.safeParse({
        fullName: 'A',
        email: 'a@company.test',
        role: 'STAFF',
        password: 'Temp#2026x',
        ...blank,
      });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['All fields are required.']);
    }
  });
});

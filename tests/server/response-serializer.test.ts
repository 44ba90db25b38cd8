import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leaveRequestPageSchema } from '../../src/domain/leave';
import { userDetailSchema } from '../../src/domain/users';
import { responseJsonSchema, serializerCompiler } from '../../src/server/lib/response-serializer';

// Answers are written by fast-json-stringify from the route's zod schema: what the schema declares,
// nothing else, and the same text JSON.stringify would write for a conforming answer.
const compile = (schema: z.core.$ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

const user = {
  id: 2,
  fullName: 'Tan Wei Ming',
  email: 'weiming.tan@company.test',
  role: 'STAFF',
  hireDate: '2021-03-01',
  staffInfo: {
    id: 1,
    gender: 'Male',
    nric: 'S8812345Z',
    dateOfBirth: '1988-05-14',
    race: 'Chinese',
    nationality: 'SINGAPORE CITIZEN',
    addressBlock: '123',
    addressStreet: 'Ang Mo Kio Avenue 3',
    addressUnit: null,
    addressPostalCode: '560123',
    foreignAddress: null,
  },
  employmentInfo: {
    id: 1,
    designation: 'Software Engineer',
    employmentStatus: 'ACTIVE',
    hireDate: '2021-03-01',
    confirmedDate: null,
    passType: 'Singapore',
    employmentType: 'Full Time',
    lastDayOfService: null,
    // The work pattern (issue 36): a 44-hour week over five days, resting on Sunday.
    workman: false,
    daysPerWeek: 5,
    normalHoursPerDay: 8.8,
    restDay: 'SUNDAY',
    overtimeExemptionRef: null,
  },
  paymentInfo: {
    id: 1,
    basicSalary: 6200.5,
    employeeCpfContributionRate: 20,
    employerCpfContributionRate: 17,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'CDAC',
    bankName: 'DBS',
    bankCode: '7171',
    branchCode: '081',
    accountNo: '0123456789',
  },
};

describe('response serializer', () => {
  it('writes a conforming answer as JSON.stringify would', () => {
    expect(compile(userDetailSchema)(user)).toBe(JSON.stringify(user));
  });

  it('writes null records, null choices and empty lists', () => {
    const bare = { ...user, hireDate: null, staffInfo: null, employmentInfo: null, paymentInfo: null };
    expect(compile(userDetailSchema)(bare)).toBe(JSON.stringify(bare));
    const withNullGender = { ...user, staffInfo: { ...user.staffInfo, gender: null } };
    expect(compile(userDetailSchema)(withNullGender)).toBe(JSON.stringify(withNullGender));
    const page = { data: [], currentPage: 1, pageSize: 7, total: 0, totalPages: 0 };
    expect(compile(leaveRequestPageSchema)(page)).toBe(JSON.stringify(page));
  });

  it('never writes a property the schema does not declare, at any depth', () => {
    const leaky = {
      ...user,
      passwordHash: '$argon2id$v=19$secret',
      paymentInfo: { ...user.paymentInfo, internalNote: 'x' },
    };
    const written = compile(userDetailSchema)(leaky);
    expect(written).not.toContain('argon2');
    expect(written).not.toContain('internalNote');
    expect(JSON.parse(written)).toEqual(user);
  });

  it('refuses an answer that lacks a required property, as the zod serializer did', () => {
    const { email: _, ...withoutEmail } = user;
    expect(() => compile(userDetailSchema)(withoutEmail)).toThrow();
  });

  it('keeps zod for a schema JSON Schema cannot express', () => {
    const schema = z.object({ when: z.date() });
    expect(responseJsonSchema(schema)).toBeNull();
    expect(compile(schema)({ when: new Date(0) })).toBe('{"when":"1970-01-01T00:00:00.000Z"}');
  });
});

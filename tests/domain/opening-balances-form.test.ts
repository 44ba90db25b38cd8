import { describe, expect, it } from 'vitest';
import {
  openingLeaveFormSchema,
  openingYtdFormSchema,
  openingYtdFormValues,
} from '../../src/domain/opening-balances';

/** The Opening balances panels' text to the API's bodies (issue 38 items 3 and 4). */

const typed = {
  throughMonth: '6',
  ordinaryWages: '44,400.00',
  additionalWages: '',
  employeeCpf: '8880',
  employerCpf: '7548.00',
  shg: '',
  sdl: '67.50',
};
const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('the year-so-far panel', () => {
  it('reads amounts in dollars, separators too, and an empty optional amount as 0', () => {
    expect(openingYtdFormSchema.parse(typed)).toEqual({
      throughMonth: 6,
      ordinaryWages: 44_400,
      additionalWages: 0,
      employeeCpf: 8_880,
      employerCpf: 7_548,
      shg: 0,
      sdl: 67.5,
    });
  });

  it('needs the month and the wages and CPF, and refuses a third decimal', () => {
    const result = openingYtdFormSchema.safeParse({
      ...typed,
      throughMonth: '',
      ordinaryWages: '',
      employeeCpf: '1.005',
    });
    expect(result.success).toBe(false);
    const byField = messages(result);
    expect(Object.keys(byField).sort()).toEqual(['employeeCpf', 'ordinaryWages', 'throughMonth']);
    expect(byField.ordinaryWages).toMatch(/Ordinary wages/);
    expect(byField.employeeCpf).toMatch(/two decimals/);
  });

  it('shows a stored opening with two decimals, and none as empty fields', () => {
    const stored = {
      userId: 5,
      year: 2025,
      throughMonth: 6,
      ordinaryWages: 44_400,
      additionalWages: 0,
      employeeCpf: 8_880,
      employerCpf: 7_548,
      shg: 0,
      sdl: 67.5,
    };
    expect(openingYtdFormValues(stored)).toEqual({
      ...typed,
      ordinaryWages: '44400.00',
      additionalWages: '0.00',
      employeeCpf: '8880.00',
      shg: '0.00',
    });
    expect(Object.values(openingYtdFormValues(null)).every((value) => value === '')).toBe(true);
  });
});

describe('the leave-taken-before panel', () => {
  it('sends every type shown, an empty one as 0 (which removes its figure)', () => {
    expect(openingLeaveFormSchema.parse({ '1': '2.5', '2': '' })).toEqual([
      { leaveTypeId: 1, daysTaken: 2.5 },
      { leaveTypeId: 2, daysTaken: 0 },
    ]);
  });

  it('refuses days that are not in halves, or negative, beside their type', () => {
    const result = openingLeaveFormSchema.safeParse({ '1': '1.3', '2': '-1', '3': '4' });
    expect(Object.keys(messages(result)).sort()).toEqual(['1', '2']);
  });
});

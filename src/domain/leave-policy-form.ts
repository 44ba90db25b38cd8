import * as z from 'zod/mini';
import type { FormSchema } from './forms';
import { MAX_LEAVE_ALLOWANCE } from './leave';
import {
  EMPLOYMENT_ACT_ANNUAL_LEAVE,
  entitledDays,
  LEAVE_ENTITLEMENTS,
  type LeaveEntitlementKind,
  type Service,
  statutoryDays,
} from './leave-entitlement';
import {
  type LeavePolicyInput,
  type LeaveTypePolicy,
  policyMessages,
  type YearEndSummary,
} from './leave-policies';

/**
 * The Leave Policies screen's form (issue 17) and what the leave screens show of a policy: the form's
 * text values, read into PUT /leave-policies/{leaveTypeId}'s body by one schema; the words for each way
 * days are set; the entitlement that prefills an allowance and the warning below the law; and the year
 * end's question.
 */

/** How a type's days are set, as the screen names it. */
export const ENTITLEMENT_LABELS: Record<LeaveEntitlementKind, string> = {
  FIXED: 'Fixed days',
  SERVICE: 'By year of service',
  STATUTORY_SICK: 'By completed months (Employment Act)',
  NONE: 'No limit',
};

/** The kinds a type with a yearly limit may take ('No limit' is the unlimited types' only kind). */
export const LIMITED_ENTITLEMENTS = LEAVE_ENTITLEMENTS.filter((kind) => kind !== 'NONE');

export interface LeavePolicyFormValues extends Record<string, string> {
  entitlement: string;
  /** FIXED: days a full year. */
  days: string;
  /** SERVICE: the days of the 1st, 2nd, ... year of service, comma-joined (the last repeats). */
  schedule: string;
  /** 'yes' or 'no'. */
  prorate: string;
  carryForwardMaxDays: string;
  /** '' = carried days do not expire. */
  carryForwardExpiryMonths: string;
}

export const emptyLeavePolicyForm: LeavePolicyFormValues = {
  entitlement: 'FIXED',
  days: '',
  schedule: '',
  prorate: 'no',
  carryForwardMaxDays: '0',
  carryForwardExpiryMonths: '',
};

/** The schedule field's entries, one per year of service. */
export const scheduleEntries = (schedule: string): string[] => (schedule === '' ? [] : schedule.split(','));
export const joinSchedule = (entries: readonly string[]): string => entries.join(',');

/** A stored policy as the form's text. */
export function leavePolicyFormValues(policy: LeaveTypePolicy): LeavePolicyFormValues {
  return {
    entitlement: policy.entitlement,
    days: policy.days === null ? '' : String(policy.days),
    // A type moved to 'By year of service' starts from the Employment Act's table.
    schedule: joinSchedule((policy.schedule ?? [...EMPLOYMENT_ACT_ANNUAL_LEAVE]).map(String)),
    prorate: policy.prorate ? 'yes' : 'no',
    carryForwardMaxDays: String(policy.carryForwardMaxDays),
    carryForwardExpiryMonths:
      policy.carryForwardExpiryMonths === null ? '' : String(policy.carryForwardExpiryMonths),
  };
}

export const policyFormMessages = {
  notDays: 'Please enter a number of days.',
  negative: 'Days cannot be negative.',
  tooMany: `Days cannot be more than ${MAX_LEAVE_ALLOWANCE}.`,
  carryRequired: 'Please enter the days that carry forward (0 for none).',
  expiry: 'Carried days expire after 1 to 12 months; leave it empty if they do not expire.',
} as const;

const numberOf = (text: string | undefined): number | null =>
  text === undefined || text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text);

/** What is wrong with a number of days, or undefined. */
function daysProblem(text: string | undefined, required: string): string | undefined {
  if (text === undefined || text.trim() === '') return required;
  const value = numberOf(text);
  if (value === null) return policyFormMessages.notDays;
  if (value < 0) return policyFormMessages.negative;
  if (value > MAX_LEAVE_ALLOWANCE) return policyFormMessages.tooMany;
  if (!Number.isInteger(value * 2)) return policyMessages.halfDays;
  return undefined;
}

const fields = z.object({
  entitlement: z.enum(LEAVE_ENTITLEMENTS),
  days: z.string(),
  schedule: z.string(),
  prorate: z.string(),
  carryForwardMaxDays: z.string(),
  carryForwardExpiryMonths: z.string(),
});

/** The form's text, checked field by field, then read into the PUT's body. */
export const leavePolicyFormSchema = z.pipe(
  fields.check(
    z.superRefine((value, ctx) => {
      const problem = (path: keyof LeavePolicyFormValues, message: string | undefined) => {
        if (message) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      if (value.entitlement === 'FIXED')
        problem('days', daysProblem(value.days, policyMessages.daysRequired));
      if (value.entitlement === 'SERVICE') {
        const entries = scheduleEntries(value.schedule);
        problem(
          'schedule',
          entries.length === 0
            ? policyMessages.scheduleRequired
            : entries.map((entry) => daysProblem(entry, policyMessages.scheduleRequired)).find(Boolean),
        );
      }
      problem(
        'carryForwardMaxDays',
        daysProblem(value.carryForwardMaxDays, policyFormMessages.carryRequired),
      );
      const expiry = value.carryForwardExpiryMonths.trim();
      if (expiry !== '') {
        const months = Number(expiry);
        if (!Number.isInteger(months) || months < 1 || months > 12) {
          problem('carryForwardExpiryMonths', policyFormMessages.expiry);
        }
      }
    }),
  ),
  z.transform((value): LeavePolicyInput => {
    const carry = numberOf(value.carryForwardMaxDays) ?? 0;
    const expiry = value.carryForwardExpiryMonths.trim();
    return {
      entitlement: value.entitlement,
      days: value.entitlement === 'FIXED' ? numberOf(value.days) : null,
      schedule:
        value.entitlement === 'SERVICE'
          ? scheduleEntries(value.schedule).map((entry) => Number(entry))
          : null,
      prorate: value.prorate === 'yes',
      carryForwardMaxDays: carry,
      carryForwardExpiryMonths: carry > 0 && expiry !== '' ? Number(expiry) : null,
    };
  }),
) as unknown as FormSchema<LeavePolicyFormValues, LeavePolicyInput>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** EA s.89's table, as the card shows a type that follows it. */
const SICK_TABLE_WORDS = {
  SICK: '5, 8, 11 and 14 days after 3, 4, 5 and 6 completed months',
  HOSPITALISATION: '15, 30, 45 and 60 days after 3, 4, 5 and 6 completed months',
};

/** The days line of a policy's card. */
export function policyDaysText(policy: LeaveTypePolicy): string {
  switch (policy.entitlement) {
    case 'NONE':
      return 'No limit';
    case 'FIXED':
      return `${plural(policy.days ?? 0, 'day')} a year`;
    case 'STATUTORY_SICK':
      return SICK_TABLE_WORDS[policy.statute === 'HOSPITALISATION' ? 'HOSPITALISATION' : 'SICK'];
    case 'SERVICE': {
      const schedule = policy.schedule ?? [];
      return schedule
        .map((days, index) =>
          index === schedule.length - 1 && schedule.length > 1
            ? `year ${index + 1} on: ${days}`
            : `year ${index + 1}: ${days}`,
        )
        .join(', ')
        .replace(/^y/, 'Y');
    }
  }
}

/** The carry-forward line of a policy's card. */
export function carryForwardText(
  policy: Pick<LeaveTypePolicy, 'carryForwardMaxDays' | 'carryForwardExpiryMonths'>,
) {
  if (policy.carryForwardMaxDays <= 0) return 'None';
  const expiry =
    policy.carryForwardExpiryMonths === null
      ? 'does not expire'
      : `expires after ${plural(policy.carryForwardExpiryMonths, 'month')}`;
  return `Up to ${plural(policy.carryForwardMaxDays, 'day')}, ${expiry}`;
}

/** The allowance field's warning: a value below the law's minimum may still be saved. */
export function belowStatutoryWarning(value: string | undefined, minimum: number | null | undefined) {
  if (minimum === null || minimum === undefined || value === undefined || value.trim() === '')
    return undefined;
  const days = Number(value);
  if (Number.isNaN(days) || days >= minimum) return undefined;
  return `Below the statutory ${plural(minimum, 'day')}.`;
}

/** Warnings of an allowance form by leave type id. */
export function allowanceWarnings(
  values: Readonly<Record<string, string>>,
  minimums: Readonly<Record<string, number | null>>,
): Record<string, string> {
  const warnings: Record<string, string> = {};
  for (const [id, value] of Object.entries(values)) {
    const warning = belowStatutoryWarning(value, minimums[id]);
    if (warning) warnings[id] = warning;
  }
  return warnings;
}

/** What prefills an allowance form: the policy's days and the law's minimum, by leave type id. */
export interface AllowanceSuggestion {
  values: Record<string, string>;
  minimums: Record<string, number | null>;
}

/**
 * For a hire date and gender typed in onboarding (the user's records are not saved yet): this year's
 * entitlement.
 */
export function suggestedAllowances(
  policies: readonly LeaveTypePolicy[],
  hireDate: string,
  year: number,
  gender?: string,
): AllowanceSuggestion {
  const suggestion: AllowanceSuggestion = { values: {}, minimums: {} };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(hireDate)) return suggestion;
  const service: Service = { hireDate, lastDate: null, gender: gender || null };
  for (const policy of policies) {
    const id = String(policy.leaveTypeId);
    const days = entitledDays(policy, policy.statute, service, year);
    if (days !== null) suggestion.values[id] = String(days);
    suggestion.minimums[id] = statutoryDays(policy.statute, service, year);
  }
  return suggestion;
}

/** From GET /users/{id}/leave-entitlements: the policy's days and the law's minimum, by leave type id. */
export function allowancesFromEntitlements(
  entitlements: readonly {
    leaveType: { id: number };
    entitledDays: number | null;
    statutoryDays: number | null;
  }[],
): AllowanceSuggestion {
  const suggestion: AllowanceSuggestion = { values: {}, minimums: {} };
  for (const entitlement of entitlements) {
    const id = String(entitlement.leaveType.id);
    if (entitlement.entitledDays !== null) suggestion.values[id] = String(entitlement.entitledDays);
    suggestion.minimums[id] = entitlement.statutoryDays;
  }
  return suggestion;
}

/**
 * The year end is offered for a year once its December has begun (Asia/Singapore), and for any earlier
 * year (running it again recomputes).
 */
export function canCloseYear(year: number, today: string): boolean {
  const current = Number(today.slice(0, 4));
  return year < current || (year === current && Number(today.slice(5, 7)) === 12);
}

/** The year end's confirmation, from what it would do. */
export function yearEndQuestion(summary: YearEndSummary): string {
  const forfeited =
    summary.daysForfeited > 0
      ? `${plural(summary.daysForfeited, 'day')} will be forfeited.`
      : 'No days will be forfeited.';
  return `Carry ${plural(summary.daysCarried, 'day')} for ${plural(summary.employeesCarrying, 'employee')} into ${summary.year + 1}? ${forfeited}`;
}

/** The year end's answer, for its toast. */
export function yearEndResult(summary: YearEndSummary): string {
  return `${plural(summary.daysCarried, 'day')} carried into ${summary.year + 1} for ${plural(summary.employeesCarrying, 'employee')}; ${plural(summary.daysForfeited, 'day')} forfeited. Balances for ${summary.year + 1} are set for ${plural(summary.employees, 'employee')}.`;
}

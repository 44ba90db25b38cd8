import { type CpfPercentages, computeCpf } from './cpf';
import {
  type CpfAgeBandInput,
  type CpfResidency,
  type PayItemKind,
  parseEnum,
  payItemKindSchema,
  payItemTypesByKind,
  type SelfHelpGroup,
  selfHelpGroupSchema,
} from './enums';
import { PayrollInputError } from './errors';
import { assertCents } from './money';
import { assertPeriod } from './period';
import { sdlCents } from './sdl';
import { shgContributionCents } from './shg';

export interface PayslipItem {
  kind: PayItemKind;
  type: string;
  amountCents: number;
}

export interface PayslipCpfInput {
  residency: CpfResidency;
  ageBand: CpfAgeBandInput;
  owSubjectYearToDateCents?: number;
  awSubjectYearToDateCents?: number;
  projectedOwRestOfYearCents?: number;
  rates?: CpfPercentages;
}

export interface PayslipInput {
  year: number;
  month: number;
  basicSalaryCents: number;
  items: readonly PayslipItem[];
  /** null: the employee has no CPF (cpfType NONE). */
  cpf: PayslipCpfInput | null;
  selfHelpGroup: SelfHelpGroup;
}

export interface PayslipTotals {
  ordinaryWageCents: number;
  additionalWageCents: number;
  grossPayCents: number;
  employeeCpfCents: number;
  employerCpfCents: number;
  /** OW and AW on which CPF was paid this month: later months' year-to-date figures add them up. */
  cpfOwSubjectCents: number;
  cpfAwSubjectCents: number;
  shgCents: number;
  /** The employer's levy for this employee; may hold fractions of a cent (see sdlCents). */
  sdlCents: number;
  netPayCents: number;
  /** Other additions less other deductions; may be negative. */
  otherItemsCents: number;
  netPayableCents: number;
}

const readItems = (items: unknown): Record<PayItemKind, number> => {
  if (!Array.isArray(items)) throw new PayrollInputError('items must be an array of pay items');
  const sums: Record<PayItemKind, number> = {
    ADHOC: 0,
    BONUS: 0,
    DEDUCTION: 0,
    OTHER_ADDITION: 0,
    OTHER_DEDUCTION: 0,
  };
  items.forEach((item: Partial<PayslipItem> | null, index) => {
    const kind = parseEnum(payItemKindSchema, `pay item kind at items[${index}]`, item?.kind);
    const types: readonly string[] = payItemTypesByKind[kind];
    if (typeof item?.type !== 'string' || !types.includes(item.type)) {
      throw new PayrollInputError(
        `Unknown ${kind} pay item type ${JSON.stringify(item?.type)} at items[${index}] (expected one of ${types.join(', ')})`,
      );
    }
    sums[kind] += assertCents(`items[${index}].amountCents`, item.amountCents);
  });
  return sums;
};

/** OW = basic salary + adhoc items - deductions, never below zero (ARCHITECTURE.md payroll rules). */
const ordinaryWagesOf = (basic: number, sums: Record<PayItemKind, number>) =>
  Math.max(0, basic + sums.ADHOC - sums.DEDUCTION);

/** The month's ordinary wages of a payslip, before CPF: what the in-year AW ceiling estimate projects. */
export const ordinaryWageCents = (input: Pick<PayslipInput, 'basicSalaryCents' | 'items'>): number =>
  ordinaryWagesOf(assertCents('basicSalaryCents', input.basicSalaryCents), readItems(input.items));

/**
 * The totals of one payslip (ARCHITECTURE.md, payroll rules): adhoc items are ordinary wages, bonus
 * items additional wages, deductions reduce ordinary wages (not below zero); other additions and
 * deductions are outside gross pay and CPF. Employer CPF and SDL are employer costs and are not
 * deducted from pay.
 */
export const computePayslip = (input: PayslipInput): PayslipTotals => {
  assertPeriod(input.year, input.month);
  const basic = assertCents('basicSalaryCents', input.basicSalaryCents);
  const sums = readItems(input.items);
  const selfHelpGroup = parseEnum(selfHelpGroupSchema, 'self-help group', input.selfHelpGroup);

  const ordinaryWageCents = ordinaryWagesOf(basic, sums);
  const additionalWageCents = sums.BONUS;
  const grossPayCents = ordinaryWageCents + additionalWageCents;

  if (input.cpf === undefined) {
    throw new PayrollInputError("cpf must be given: the employee's CPF details, or null for no CPF");
  }
  const cpf =
    input.cpf === null
      ? { employeeCents: 0, employerCents: 0, owSubjectCents: 0, awSubjectCents: 0 }
      : computeCpf({
          ...input.cpf,
          year: input.year,
          month: input.month,
          ordinaryWageCents,
          additionalWageCents,
        });
  const shgCents = selfHelpGroup === 'NONE' ? 0 : shgContributionCents(selfHelpGroup, grossPayCents);

  const netPayCents = grossPayCents - cpf.employeeCents - shgCents;
  const otherItemsCents = sums.OTHER_ADDITION - sums.OTHER_DEDUCTION;
  return {
    ordinaryWageCents,
    additionalWageCents,
    grossPayCents,
    employeeCpfCents: cpf.employeeCents,
    employerCpfCents: cpf.employerCents,
    cpfOwSubjectCents: cpf.owSubjectCents,
    cpfAwSubjectCents: cpf.awSubjectCents,
    shgCents,
    sdlCents: sdlCents(grossPayCents),
    netPayCents,
    otherItemsCents,
    netPayableCents: netPayCents + otherItemsCents,
  };
};

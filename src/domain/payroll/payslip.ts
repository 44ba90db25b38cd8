import { type CpfPercentages, computeCpf } from './cpf';
import {
  type CpfAgeBandInput,
  type CpfResidency,
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
import { type PayItemTreatment, type PayslipItem, signOf, treatmentOf } from './treatment';

export type { PayslipItem };

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

/**
 * One item checked (its kind, a type of that kind, whole cents, a choice only where the type has one)
 * and read through the treatment table: its amount, signed (deductions negative), and its treatment.
 */
export function readPayItem(item: unknown, where: string): { cents: number; treatment: PayItemTreatment } {
  const value = item as Partial<PayslipItem> | null;
  const kind = parseEnum(payItemKindSchema, `pay item kind at ${where}`, value?.kind);
  const types: readonly string[] = payItemTypesByKind[kind];
  if (typeof value?.type !== 'string' || !types.includes(value.type)) {
    throw new PayrollInputError(
      `Unknown ${kind} pay item type ${JSON.stringify(value?.type)} at ${where} (expected one of ${types.join(', ')})`,
    );
  }
  const cents = assertCents(`${where}.amountCents`, value.amountCents);
  return {
    cents: signOf(kind) * cents,
    treatment: treatmentOf({ type: value.type, treatment: value.treatment }, where),
  };
}

/** The items added up by treatment: ordinary and additional wages, and what is paid outside them. */
interface ItemSums {
  ow: number;
  aw: number;
  /** Paid or recovered outside the wages: net payable's other items. */
  other: number;
  /** Of those, what counts in total wages for SDL and the funds. */
  otherInTotalWages: number;
}

const readItems = (items: unknown): ItemSums => {
  if (!Array.isArray(items)) throw new PayrollInputError('items must be an array of pay items');
  const sums: ItemSums = { ow: 0, aw: 0, other: 0, otherInTotalWages: 0 };
  items.forEach((item, index) => {
    const { cents, treatment } = readPayItem(item, `items[${index}]`);
    if (treatment.cpf === 'OW') sums.ow += cents;
    else if (treatment.cpf === 'AW') sums.aw += cents;
    else {
      sums.other += cents;
      if (treatment.totalWages) sums.otherInTotalWages += cents;
    }
  });
  return sums;
};

/** OW = basic salary + the ordinary-wage items, deductions subtracted, never below zero (ARCHITECTURE.md). */
const ordinaryWagesOf = (basic: number, sums: ItemSums) => Math.max(0, basic + sums.ow);

/** The month's ordinary wages of a payslip, before CPF: what the in-year AW ceiling estimate projects. */
export const ordinaryWageCents = (input: Pick<PayslipInput, 'basicSalaryCents' | 'items'>): number =>
  ordinaryWagesOf(assertCents('basicSalaryCents', input.basicSalaryCents), readItems(input.items));

/**
 * The totals of one payslip (ARCHITECTURE.md, payroll rules), each item counted as the treatment table
 * says: ordinary wages (deductions reduce them, not below zero) and additional wages make gross pay;
 * what is not a wage is paid or recovered outside gross pay and CPF. Employer CPF and SDL are employer
 * costs and are not deducted from pay.
 */
export const computePayslip = (input: PayslipInput): PayslipTotals => {
  assertPeriod(input.year, input.month);
  const basic = assertCents('basicSalaryCents', input.basicSalaryCents);
  const sums = readItems(input.items);
  const selfHelpGroup = parseEnum(selfHelpGroupSchema, 'self-help group', input.selfHelpGroup);

  const ordinaryWageCents = ordinaryWagesOf(basic, sums);
  const additionalWageCents = sums.aw;
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
  const totalWagesCents = grossPayCents + sums.otherInTotalWages;
  const shgCents = selfHelpGroup === 'NONE' ? 0 : shgContributionCents(selfHelpGroup, totalWagesCents);

  const netPayCents = grossPayCents - cpf.employeeCents - shgCents;
  const otherItemsCents = sums.other;
  return {
    ordinaryWageCents,
    additionalWageCents,
    grossPayCents,
    employeeCpfCents: cpf.employeeCents,
    employerCpfCents: cpf.employerCents,
    cpfOwSubjectCents: cpf.owSubjectCents,
    cpfAwSubjectCents: cpf.awSubjectCents,
    shgCents,
    sdlCents: sdlCents(totalWagesCents),
    netPayCents,
    otherItemsCents,
    netPayableCents: netPayCents + otherItemsCents,
  };
};

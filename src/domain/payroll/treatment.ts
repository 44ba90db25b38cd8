import type { PayItemKind, PayItemType } from './enums';
import { PayrollInputError } from './errors';

/**
 * How each pay item type is treated for CPF (an ordinary wage, an additional wage, or not a wage), for
 * SDL and the self-help-group funds (in the month's total wages or not) and for Form IR8A (its item, or
 * not income): the one table the payslip engine, the payslip PDF and the IR8A read (the CPF file and
 * summary read the wages the engine stored). Sources: docs/payroll.md, "Pay item treatment".
 *
 * Each type keeps its spec kind's treatment (ARCHITECTURE.md, payroll rules: adhoc = OW, bonus = AW,
 * deductions reduce OW, other additions and deductions outside CPF) unless the CPF Board or IRAS says
 * otherwise; each departure says so beside it. No runtime import of zod: the PDF worker reads this.
 */

/** The IR8A items a pay item may go to: (a) salary, (b) bonus, (c) director's fees, (d) the others. */
export type Ir8aItem =
  | 'salary'
  | 'bonus'
  | 'directorsFees'
  | 'commission'
  | 'transportAllowance'
  | 'otherAllowances'
  /** (d)4: gratuity, notice pay, ex-gratia payment and other lump sums. */
  | 'lumpSum';

export interface PayItemTreatment {
  /** An ordinary wage, an additional wage, or null: not a wage (no CPF). A deduction reduces its wage. */
  cpf: 'OW' | 'AW' | null;
  /** In the month's total wages, on which SDL and the self-help-group contribution are counted. */
  totalWages: boolean;
  /** The IR8A item it is reported in (a deduction reduces it), or null: not income. */
  ir8a: Ir8aItem | null;
}

/** How the administrator says a type paid either way was paid: a fixed sum (a wage) or to repay expenses. */
export const payItemTreatmentChoices = ['WAGE', 'REIMBURSEMENT'] as const;
export type PayItemTreatmentChoice = (typeof payItemTreatmentChoices)[number];

/**
 * The choice when none is said (the spec's create request has no treatment; items added before the
 * choice existed): the spec's kind, other additions outside CPF.
 */
export const DEFAULT_TREATMENT_CHOICE: PayItemTreatmentChoice = 'REIMBURSEMENT';

/** One pay item as the engine reads it; `treatment` is the choice of a type paid either way. */
export interface PayslipItem {
  kind: PayItemKind;
  type: string;
  amountCents: number;
  treatment?: PayItemTreatmentChoice | null;
  /** The hours it pays, for an item the timesheet wrote (issue 36): the payslip prints them. */
  hours?: number | null;
  /** For an item a claim wrote (issue 37): the claim's type name and date, which the payslip prints. */
  claim?: { type: string; date: string } | null;
}

// Total wages are OW + AW (CPF Board), and SDL and the funds are counted on them: every wage is in them.
const wage = (cpf: 'OW' | 'AW', ir8a: Ir8aItem): PayItemTreatment => ({ cpf, totalWages: true, ir8a });
const NOT_A_WAGE: PayItemTreatment = { cpf: null, totalWages: false, ir8a: null };

type Treatments = PayItemTreatment | Readonly<Record<PayItemTreatmentChoice, PayItemTreatment>>;

export const PAY_ITEM_TREATMENTS: { readonly [T in PayItemType]: Treatments } = {
  // ADHOC: ordinary wages.
  /** IR8A (a) by its name ("... wages and overtime pay"). */
  OVERTIME: wage('OW', 'salary'),
  /** A performance incentive paid on top of salary: a bonus, IR8A (b). */
  INCENTIVE: wage('OW', 'bonus'),
  /** A cash allowance, neither transport nor entertainment: IR8A (d) other allowances. */
  MOBILE_ALLOWANCE: wage('OW', 'otherAllowances'),
  /** Pay for work on an off day or a public holiday: wages for work done, IR8A (a). */
  OFFDAY: wage('OW', 'salary'),
  PUBLIC_HOLIDAY: wage('OW', 'salary'),
  /** Paid for staying on, not for work done in the month: a bonus, IR8A (b). */
  RETENTION_INCENTIVE: wage('OW', 'bonus'),
  // BONUS: additional wages.
  /** Gross commission has its own line under IR8A (d). */
  COMMISION: wage('AW', 'commission'),
  /** Unused leave paid out is leave pay: IR8A (a) ("... fees, leave pay, wages ..."). */
  ANNUAL_LEAVE_ENCASHMENT: wage('AW', 'salary'),
  BONUS: wage('AW', 'bonus'),
  /** The annual wage supplement (13th month) is a contractual bonus: IR8A (b). */
  AWS: wage('AW', 'bonus'),
  DIRECTOR_FEE: wage('AW', 'directorsFees'),
  /** Arrears of salary: salary, IR8A (a), in the year it is paid. */
  BACK_PAY: wage('AW', 'salary'),
  // DEDUCTION: reduce ordinary wages, and the salary of IR8A (a).
  LATENESS: wage('OW', 'salary'),
  UNPAID_LEAVE: wage('OW', 'salary'),
  /** The days of the month not employed (joining or leaving): EA s.20A's incomplete month, as UNPAID_LEAVE. */
  INCOMPLETE_MONTH: wage('OW', 'salary'),
  // OTHER_ADDITION: outside CPF by kind, except where a fixed sum is a wage.
  /**
   * Either way. CPF Board: an allowance (transport allowance is its example) is a wage, a fixed sum
   * "regardless of whether there was any actual expenditure" attracts CPF, a reimbursement of expenses
   * incurred for official purposes does not. IRAS: a transport allowance is taxable, IR8A (d)
   * transport; a reimbursement of actual business expenses is not.
   */
  TRAVEL_ALLOWANCE: { WAGE: wage('OW', 'transportAllowance'), REIMBURSEMENT: NOT_A_WAGE },
  /**
   * Departs from its kind. CPF Board: an allowance is a wage, and one earned in the month an ordinary
   * wage. IRAS: allowances are taxable, IR8A (d) other allowances.
   */
  SKILL_ALLOWANCE: wage('OW', 'otherAllowances'),
  /**
   * A claim repays medical treatment: CPF Board, no CPF on reimbursements for medical treatment up to the
   * expense; IRAS, reimbursed medical care is not taxable.
   */
  MEDICAL_CLAIM: NOT_A_WAGE,
  /** Either way, as TRAVEL_ALLOWANCE: a payment of unknown kind is an allowance or a reimbursement. */
  OTHER: { WAGE: wage('OW', 'otherAllowances'), REIMBURSEMENT: NOT_A_WAGE },
  /**
   * Departs from its kind for IR8A only. Salary in lieu of notice: CPF Board, not a wage (no CPF, so not in
   * total wages for SDL and the funds either); IRAS, taxable, IR8A (d)4 "Gratuity/Notice Pay/Ex-gratia".
   */
  NOTICE_PAY: { cpf: null, totalWages: false, ir8a: 'lumpSum' },
  /**
   * An approved expense claim (issue 37), written by the claim, never typed. CPF Board: a reimbursement
   * of expenses actually incurred is not a wage (no CPF, so outside total wages: no SDL, no SHG).
   */
  EXPENSE_CLAIM: NOT_A_WAGE,
  /**
   * A claim of a type the company marks taxable (a personal expense it repays): still no CPF, SDL or
   * SHG, but IRAS counts reimbursed personal expenses as income, reported under IR8A (d) other allowances.
   */
  TAXABLE_EXPENSE_CLAIM: { cpf: null, totalWages: false, ir8a: 'otherAllowances' },
  // OTHER_DEDUCTION: recoveries from net pay (advances, loans, co-shares), after CPF and tax.
  DEDUCTION: NOT_A_WAGE,
  ADVANCE: NOT_A_WAGE,
  MEDICAL_CO_SHARE: NOT_A_WAGE,
  NS_MAKEUP_PAY: NOT_A_WAGE,
  LOAN: NOT_A_WAGE,
  /** What an employee who left without notice owes in lieu of it (EA s.11), recovered from net pay. */
  NOTICE_DEDUCTION: NOT_A_WAGE,
};

// Own keys only: a type such as 'toString' is no pay item type.
const treatmentsOf = (type: string): Treatments | undefined =>
  Object.hasOwn(PAY_ITEM_TREATMENTS, type)
    ? (PAY_ITEM_TREATMENTS as Readonly<Record<string, Treatments>>)[type]
    : undefined;

/** Whether the administrator says, when adding an item of this type, how it is paid. */
export const hasTreatmentChoice = (type: string): boolean => {
  const treatments = treatmentsOf(type);
  return treatments !== undefined && !('cpf' in treatments);
};

/** Deductions are subtracted from what their treatment counts; every other kind is added. */
export const signOf = (kind: PayItemKind): 1 | -1 =>
  kind === 'DEDUCTION' || kind === 'OTHER_DEDUCTION' ? -1 : 1;

/**
 * An item's treatment: its type's, or for a type paid either way its choice (the default when none is
 * stored). A choice for a type with one treatment is refused.
 */
export function treatmentOf(
  item: Pick<PayslipItem, 'type' | 'treatment'>,
  where = 'pay item',
): PayItemTreatment {
  const treatments = treatmentsOf(item.type);
  if (!treatments)
    throw new PayrollInputError(`Unknown pay item type ${JSON.stringify(item.type)} at ${where}`);
  const choice = item.treatment ?? null;
  if ('cpf' in treatments) {
    if (choice === null) return treatments;
    throw new PayrollInputError(`${item.type} at ${where} has one treatment, so no choice of ${choice}`);
  }
  const chosen = treatments[choice ?? DEFAULT_TREATMENT_CHOICE];
  if (!chosen) throw new PayrollInputError(`Unknown treatment ${JSON.stringify(choice)} at ${where}`);
  return chosen;
}

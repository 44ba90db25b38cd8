import { wageCeilingsFor } from './cpf-rates';
import { assertCents } from './money';
import type { YearToDate } from './run';

/**
 * The year so far from before the company used the product (issue 38 item 3): what the CPF ceilings
 * count of it. The administrator gives the ordinary and additional wages already paid; CPF was due on
 * OW up to each month's OW ceiling and on AW up to the year's AW ceiling (docs/payroll.md). The given
 * OW is taken as the OW subject to CPF, capped at the months' OW ceilings added up; the AW at what the
 * annual ceiling of $102,000 leaves after that OW. What was really charged elsewhere is not re-derived.
 */
export interface OpeningWages {
  year: number;
  throughMonth: number;
  ordinaryWageCents: number;
  additionalWageCents: number;
}

export function openingCpfSubject(
  opening: OpeningWages,
): Pick<YearToDate, 'owSubjectCents' | 'awSubjectCents'> {
  const ow = assertCents('ordinaryWageCents', opening.ordinaryWageCents);
  const aw = assertCents('additionalWageCents', opening.additionalWageCents);
  let owCeilings = 0;
  for (let month = 1; month <= opening.throughMonth; month += 1)
    owCeilings += wageCeilingsFor(opening.year, month).owCeilingCents;
  const owSubjectCents = Math.min(ow, owCeilings);
  const annual = wageCeilingsFor(opening.year, opening.throughMonth).annualSalaryCeilingCents;
  return { owSubjectCents, awSubjectCents: Math.min(aw, Math.max(0, annual - owSubjectCents)) };
}

/** A month is before the company's first month here: paid elsewhere, never processed here. */
export const coveredByOpening = (throughMonth: number | null | undefined, month: number): boolean =>
  throughMonth != null && month <= throughMonth;

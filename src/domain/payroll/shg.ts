import { parseEnum, type SelfHelpGroupFund, selfHelpGroupFundSchema } from './enums';
import { assertCents } from './money';

/** A band of a self-help-group table: up to and including `upToCents` of total wages (null: no limit). */
export interface ShgBand {
  readonly upToCents: number | null;
  readonly contributionCents: number;
}

export interface ShgTable {
  /** The month the table took effect (the funds publish no end date). */
  readonly since: string;
  readonly source: string;
  readonly bands: readonly ShgBand[];
}

/*
 * Monthly contributions on the month's total wages (bonus included), deducted from the employee's
 * pay. Bands read "more than a to b", so each upper bound is inclusive. Source tags are those of
 * shared/payroll/cpf-facts.md section 8.
 */
export const shgTables: Readonly<Record<SelfHelpGroupFund, ShgTable>> = {
  CDAC: {
    since: '2015-01',
    source: 'S1 (cdac.org.sg), L6 (S 854/2014)',
    bands: [
      { upToCents: 200_000, contributionCents: 50 },
      { upToCents: 350_000, contributionCents: 100 },
      { upToCents: 500_000, contributionCents: 150 },
      { upToCents: 750_000, contributionCents: 200 },
      { upToCents: null, contributionCents: 300 },
    ],
  },
  SINDA: {
    since: '2015-01',
    source: 'S2 (sinda.org.sg)',
    bands: [
      { upToCents: 100_000, contributionCents: 100 },
      { upToCents: 150_000, contributionCents: 300 },
      { upToCents: 250_000, contributionCents: 500 },
      { upToCents: 450_000, contributionCents: 700 },
      { upToCents: 750_000, contributionCents: 900 },
      { upToCents: 1_000_000, contributionCents: 1_200 },
      { upToCents: 1_500_000, contributionCents: 1_800 },
      { upToCents: null, contributionCents: 3_000 },
    ],
  },
  MBMF: {
    // Muis prints "< $1,000" for the first band; exactly $1,000 is taken as $3.00 like CPF's page.
    since: '2016-06',
    source: 'S3 (muis.gov.sg)',
    bands: [
      { upToCents: 100_000, contributionCents: 300 },
      { upToCents: 200_000, contributionCents: 450 },
      { upToCents: 300_000, contributionCents: 650 },
      { upToCents: 400_000, contributionCents: 1_500 },
      { upToCents: 600_000, contributionCents: 1_950 },
      { upToCents: 800_000, contributionCents: 2_200 },
      { upToCents: 1_000_000, contributionCents: 2_400 },
      { upToCents: null, contributionCents: 2_600 },
    ],
  },
  ECF: {
    since: '2015-01',
    source: 'S4 (third-party only; no official page with the amounts was found)',
    bands: [
      { upToCents: 100_000, contributionCents: 200 },
      { upToCents: 150_000, contributionCents: 400 },
      { upToCents: 250_000, contributionCents: 600 },
      { upToCents: 400_000, contributionCents: 900 },
      { upToCents: 700_000, contributionCents: 1_200 },
      { upToCents: 1_000_000, contributionCents: 1_600 },
      { upToCents: null, contributionCents: 2_000 },
    ],
  },
};

/**
 * The month's contribution to the fund, in cents. A month without wages pays nothing: the
 * contribution is deducted from wages, and none were paid.
 */
export const shgContributionCents = (fund: SelfHelpGroupFund, totalWageCents: number): number => {
  const table = shgTables[parseEnum(selfHelpGroupFundSchema, 'self-help group fund', fund)];
  const wages = assertCents('totalWageCents', totalWageCents);
  if (wages === 0) return 0;
  const band = table.bands.find((candidate) => candidate.upToCents === null || wages <= candidate.upToCents);
  // Every table ends with an open band, so one is always found.
  return band?.contributionCents ?? 0;
};

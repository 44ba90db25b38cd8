import { parseEnum, type SelfHelpGroupFund, selfHelpGroupFundSchema } from './enums';
import { assertCents } from './money';

/** A band of a self-help-group table: up to and including `upToCents` of total wages (null: no limit). */
export interface ShgBand {
  readonly upToCents: number | null;
  readonly contributionCents: number;
  /**
   * MBMF only: the part of the contribution Muis allocates to the Mosque Building Fund (its "mosque and
   * religious education" component); the rest goes to Mendaki. The IR8A reports the two apart.
   */
  readonly mbfCents?: number;
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
    source: 'S3 (muis.gov.sg): the total and its allocation to the mosque and Mendaki components',
    bands: [
      { upToCents: 100_000, contributionCents: 300, mbfCents: 175 },
      { upToCents: 200_000, contributionCents: 450, mbfCents: 300 },
      { upToCents: 300_000, contributionCents: 650, mbfCents: 500 },
      { upToCents: 400_000, contributionCents: 1_500, mbfCents: 1_100 },
      { upToCents: 600_000, contributionCents: 1_950, mbfCents: 1_350 },
      { upToCents: 800_000, contributionCents: 2_200, mbfCents: 1_450 },
      { upToCents: 1_000_000, contributionCents: 2_400, mbfCents: 1_600 },
      { upToCents: null, contributionCents: 2_600, mbfCents: 1_750 },
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

/** The band a month's total wages fall in; every table ends with an open band, so one is always found. */
function bandOf(fund: SelfHelpGroupFund, totalWageCents: number): ShgBand {
  const table = shgTables[parseEnum(selfHelpGroupFundSchema, 'self-help group fund', fund)];
  const wages = assertCents('totalWageCents', totalWageCents);
  return table.bands.find((band) => band.upToCents === null || wages <= band.upToCents) as ShgBand;
}

/**
 * The month's contribution to the fund, in cents. A month without wages pays nothing: the
 * contribution is deducted from wages, and none were paid.
 */
export const shgContributionCents = (fund: SelfHelpGroupFund, totalWageCents: number): number => {
  const band = bandOf(fund, totalWageCents);
  return totalWageCents === 0 ? 0 : band.contributionCents;
};

/** The two funds an MBMF contribution goes to, in cents; they add up to the contribution. */
export interface MbmfSplit {
  /** The Mosque Building Fund part (mosques and religious education). */
  mbfCents: number;
  /** The Mendaki part (Yayasan Mendaki's programmes). */
  mendakiCents: number;
}

/** How the month's MBMF contribution on these total wages divides between the two funds (Muis, S3). */
export const mbmfSplitCents = (totalWageCents: number): MbmfSplit => {
  const band = bandOf('MBMF', totalWageCents);
  if (totalWageCents === 0) return { mbfCents: 0, mendakiCents: 0 };
  const mbfCents = band.mbfCents ?? 0;
  return { mbfCents, mendakiCents: band.contributionCents - mbfCents };
};

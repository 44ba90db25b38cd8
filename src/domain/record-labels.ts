import type { PASS_TYPES } from './enums';
import type { CpfSection, CpfType } from './payroll';

/**
 * What the short codes of the staff records stand for, shown beside them in the pickers and the read-only
 * panels (issue 34). The stored and sent values stay the spec's (section 3), and so do their words: the
 * meaning is added in brackets.
 */

const withMeaning = (value: string, meaning: string | undefined) =>
  meaning ? `${value} (${meaning})` : value;

const PASS_TYPE_MEANINGS: Partial<Record<(typeof PASS_TYPES)[number], string>> = {
  'Dependent - Dp': "Dependant's Pass",
  'Malaysian - Wp': 'Work Permit, Malaysian',
  'Prc - Wp': 'Work Permit, PRC national',
  'S Pass - Myan': 'S Pass, Myanmar national',
  'S Pass - Prc': 'S Pass, PRC national',
  Singapore: 'Singapore Citizen',
  'Singapore - Pr': 'Singapore Permanent Resident',
};
export const passTypeLabel = (value: string) =>
  withMeaning(value, PASS_TYPE_MEANINGS[value as keyof typeof PASS_TYPE_MEANINGS]);

const CPF_TYPE_MEANINGS: Partial<Record<CpfType, string>> = { NONE: 'no CPF' };
export const cpfTypeLabel = (value: string) =>
  withMeaning(value, CPF_TYPE_MEANINGS[value as keyof typeof CPF_TYPE_MEANINGS]);

// docs/payroll.md, "Which table": the section picks a 1st- or 2nd-year PR's table; NONE reads as CPF1 and
// is what everyone else has, so the hint under the field says it rather than a label.
const CPF_SECTION_MEANINGS: Partial<Record<CpfSection, string>> = {
  CPF1: 'graduated employer and employee rates',
  CPF2: 'full employer, graduated employee rates',
};
export const cpfSectionLabel = (value: string) =>
  withMeaning(value, CPF_SECTION_MEANINGS[value as keyof typeof CPF_SECTION_MEANINGS]);

export const CPF_SECTION_HINT =
  'Matters only for a permanent resident in the first two years: NONE and CPF1 take graduated rates (G/G); CPF2 needs a joint application to CPF (F/G).';

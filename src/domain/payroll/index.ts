/**
 * The payroll engine: CPF, self-help groups, SDL and payslip totals, shared by the server and the
 * SPA. Pure functions; amounts are integer cents, rates are percentages. Rules and sources:
 * docs/payroll.md.
 */

export {
  type ComputeCpfInput,
  type CpfPercentages,
  type CpfRateQuery,
  type CpfResult,
  computeCpf,
  cpfAgeBand,
  cpfResidencyOf,
  cpfWageBands,
  estimateOwRestOfYearCents,
  officialCpfRates,
} from './cpf';
export {
  type CpfRateRow,
  type CpfRateSchedule,
  type CpfTable,
  cpfRateSchedules,
  cpfTableOf,
  lastRatedPeriod,
  type WageCeilingRow,
  wageCeilings,
  wageCeilingsFor,
} from './cpf-rates';
export {
  type CpfAgeBand,
  type CpfAgeBandInput,
  type CpfResidency,
  type CpfSection,
  type CpfType,
  cpfAgeBandSchema,
  cpfAgeBands,
  cpfResidencies,
  cpfResidencySchema,
  cpfSectionSchema,
  cpfSections,
  cpfTypeSchema,
  cpfTypes,
  GENERATED_PAY_ITEM_TYPES,
  PAY_ITEM_SOURCES,
  type PayItemKind,
  type PayItemSource,
  type PayItemType,
  payItemKindSchema,
  payItemKinds,
  payItemTypesByKind,
  type SelfHelpGroup,
  type SelfHelpGroupFund,
  selfHelpGroupFundSchema,
  selfHelpGroupFunds,
  selfHelpGroupSchema,
  selfHelpGroups,
} from './enums';
export { PayrollError, PayrollInputError, PayrollRatesNotFoundError } from './errors';
export {
  daysAtGrossRateCents,
  encashableLeaveDays,
  type IncompleteMonth,
  incompleteMonth,
  type NoticeItem,
  noticeInLieu,
  type WorkPattern,
} from './leaver';
export { coveredByOpening, type OpeningWages, openingCpfSubject } from './opening';
export {
  computePayslip,
  type PayslipCpfInput,
  type PayslipInput,
  type PayslipItem,
  type PayslipTotals,
} from './payslip';
export { PAYSLIP_PASSWORD_HINT, PAYSLIP_PASSWORD_MISSING, payslipPdfPassword } from './payslip-password';
export {
  attempt,
  checkSnapshotRates,
  computeRunPayslip,
  firstDayOf,
  isLastMonthOfService,
  lastDayOf,
  officialRatesFor,
  type PayslipSnapshot,
  type RateCheck,
  type RunOutcome,
  type RunPayslipInput,
  type YearToDate,
} from './run';
export { sdlCents, sdlPayableCents, sdlRules } from './sdl';
export {
  type MbmfSplit,
  mbmfSplitCents,
  type ShgBand,
  type ShgTable,
  shgContributionCents,
  shgTables,
} from './shg';
export {
  DEFAULT_TREATMENT_CHOICE,
  hasTreatmentChoice,
  type Ir8aItem,
  PAY_ITEM_TREATMENTS,
  type PayItemTreatment,
  type PayItemTreatmentChoice,
  payItemTreatmentChoices,
  treatmentOf,
} from './treatment';
export {
  type LeaveSpan,
  type UnpaidDaysOptions,
  type UnpaidLeaveInput,
  unpaidDaysInMonth,
  unpaidLeaveDeductionCents,
  workingDaysInMonth,
} from './unpaid-leave';

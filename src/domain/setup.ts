import * as z from 'zod/mini';

/**
 * The first administrator's setup checklist (issue 38): the steps a new company goes through, in order.
 * The server says whether each is done from what the database holds; a new step is a key here, its rule
 * in src/server/services/setup.ts, and its label and link in the checklist card.
 */
export const SETUP_STEP_KEYS = [
  'companyParticulars',
  'bankAccounts',
  'leavePolicies',
  'publicHolidays',
  'staff',
  'openingBalances',
  'payroll',
] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

export const setupStepSchema = z.object({
  key: z.enum(SETUP_STEP_KEYS),
  done: z.boolean(),
  /** What the database holds for the step, in a short sentence. */
  detail: z.string(),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

export const setupSchema = z.object({ steps: z.array(setupStepSchema) });
export type Setup = z.infer<typeof setupSchema>;

/**
 * Opening balances matter only to a company that starts mid-year with pay already made elsewhere; the
 * card lists the step while it shows, but does not stay for it alone (a demo company, or one that
 * started in a later year, has none to bring).
 */
const OPTIONAL_STEPS: readonly SetupStepKey[] = ['openingBalances'];

/** The checklist shows while a step other than an optional one is left. */
export const setupComplete = (setup: Setup): boolean =>
  setup.steps.every((step) => step.done || OPTIONAL_STEPS.includes(step.key));

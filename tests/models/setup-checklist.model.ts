import { createMachine } from 'xstate';

/**
 * The setup checklist card, from issue 38's words: "That administrator's first sign-in shows a setup
 * checklist that knows what is done"; the brief: "shown to an administrator on the dashboard while any step
 * is not done (a card with each step, a link to where it is done, dismissible for the session)".
 * Written without the app's machine: the walk checks the card against this.
 */
export const setupChecklistModel = createMachine({
  id: 'setupChecklistModel',
  initial: 'dashboardOpened',
  states: {
    dashboardOpened: {
      on: {
        'server.stepsLeft': 'cardShown',
        'server.allDone': 'noCard',
        'session.dismissedBefore': 'noCard',
      },
    },
    cardShown: { on: { 'admin.dismisses': 'noCard' } },
    noCard: { type: 'final' },
  },
});

/** What the server answers for a company part way through its setup. */
export const STEPS_LEFT = {
  steps: [
    { key: 'companyParticulars', done: true, detail: 'UEN 201912345K' },
    { key: 'bankAccounts', done: false, detail: 'No account to pay salaries from yet' },
    { key: 'leavePolicies', done: false, detail: 'Statutory defaults, not yet reviewed' },
    { key: 'publicHolidays', done: true, detail: '11 public holidays in 2026' },
    { key: 'staff', done: false, detail: '0 staff members registered, 0 onboarded' },
    { key: 'openingBalances', done: false, detail: 'None recorded yet' },
    { key: 'payroll', done: false, detail: 'No month processed yet' },
  ],
} as const;

export const ALL_DONE = { steps: STEPS_LEFT.steps.map((step) => ({ ...step, done: true })) };

/** Where each step is done, by the route table (spec section 2 and the issues that added the pages). */
export const WHERE = {
  bankAccounts: '/admin/company',
  leavePolicies: '/admin/leave-policies',
  staff: '/admin/register',
  // Issue 38: "opening balances on the staff record", reached from All Staff.
  openingBalances: '/admin/users',
  payroll: '/admin/process-pay',
} as const;

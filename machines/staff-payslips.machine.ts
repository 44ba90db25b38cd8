import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { payrollToasts } from '../src/domain/messages/payroll';
import { submissionToasts } from '../src/domain/messages/submissions';
import { type PayslipAggregate, payYears } from '../src/domain/payslips';
import { notProvided, type ToastParams } from './effects';

/**
 * The staff member's own processed payslips (/staff/payslips): a Year filter from the hire year to
 * the current year, the table, View opening one payslip's PDF, and the year's Form IR8A.
 */

export interface StaffPayslipsInput {
  userId: number;
  today: string;
  /** The hire year starts the Year filter; the current year when unknown. */
  hireDate: string | null;
}

export interface StaffPayslipsContext {
  userId: number;
  today: string;
  years: number[];
  year: number;
  rows: PayslipAggregate[];
  error: ApiError | null;
  /** The payslip whose PDF is being fetched: its View reads 'Processing...' (spec section 8). */
  viewing: number | null;
}

export type StaffPayslipsEvent =
  | { type: 'year.change'; year: number }
  | { type: 'payslips.reload' }
  | { type: 'payslip.view'; payslipId: number }
  /** The year's Form IR8A (issue 15), offered for a year with payslips. */
  | { type: 'remunerationReturn.view' };

export const staffPayslipsMachine = setup({
  types: {
    context: {} as StaffPayslipsContext,
    events: {} as StaffPayslipsEvent,
    input: {} as StaffPayslipsInput,
  },
  actors: {
    loadPayslips: fromPromise<PayslipAggregate[], { userId: number; year: number }>(
      notProvided('staff-payslips', 'loadPayslips'),
    ),
    openPayslipPdf: fromPromise<void, { payslipId: number }>(notProvided('staff-payslips', 'openPayslipPdf')),
    openIr8aPdf: fromPromise<void, { userId: number; year: number }>(
      notProvided('staff-payslips', 'openIr8aPdf'),
    ),
  },
  actions: {
    notify: notProvided('staff-payslips', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    hasPayslipsThisYear: ({ context }) => context.rows.length > 0,
  },
}).createMachine({
  id: 'staffPayslips',
  description: "A staff member's processed payslips by year, each opening as a PDF.",
  context: ({ input }) => {
    const years = payYears(input.today, input.hireDate ? Number(input.hireDate.slice(0, 4)) : undefined);
    return {
      userId: input.userId,
      today: input.today,
      years,
      year: years[0] ?? Number(input.today.slice(0, 4)),
      rows: [],
      error: null,
      viewing: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      description: "The year's payslips are fetched; skeleton rows show.",
      invoke: {
        id: 'loadPayslips',
        src: 'loadPayslips',
        input: ({ context }) => ({ userId: context.userId, year: context.year }),
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ rows: [], error: ({ event }) => toApiError(event.error) }),
        },
      },
    },
    failed: {
      description: 'The payslips could not be fetched: the error and Try again show.',
      on: { 'payslips.reload': 'loading' },
    },
    ready: {
      description: 'The payslips of the year, latest month first.',
      on: {
        'year.change': {
          target: 'loading',
          actions: assign({ year: ({ event }) => event.year }),
        },
        'payslip.view': {
          target: 'openingPdf',
          description: 'View: the payslip PDF in a new tab.',
          actions: assign({ viewing: ({ event }) => event.payslipId }),
        },
        'remunerationReturn.view': {
          guard: 'hasPayslipsThisYear',
          target: 'openingIr8a',
          description: "IR8A, shown for a year with payslips: the year's Form IR8A in a new tab.",
        },
      },
    },
    openingIr8a: {
      description: "The IR8A PDF is fetched; IR8A reads 'Processing...'.",
      invoke: {
        id: 'openIr8aPdf',
        src: 'openIr8aPdf',
        input: ({ context }) => ({ userId: context.userId, year: context.year }),
        onDone: { target: 'ready', description: 'The PDF opened in a new tab.' },
        onError: {
          target: 'ready',
          description: "'Error retrieving IR8A'.",
          actions: [
            { type: 'notify', params: ({ event }) => submissionToasts.ir8aFailed(toApiError(event.error)) },
          ],
        },
      },
    },
    openingPdf: {
      description: "The PDF is fetched; View reads 'Processing...'.",
      invoke: {
        id: 'openPayslipPdf',
        src: 'openPayslipPdf',
        input: ({ event }) => ({ payslipId: event.type === 'payslip.view' ? event.payslipId : 0 }),
        onDone: {
          target: 'ready',
          description: 'The PDF opened in a new tab (its link is released after 60 s).',
          actions: assign({ viewing: null }),
        },
        onError: {
          target: 'ready',
          description: "'Error retrieving payslip'.",
          actions: [{ type: 'notify', params: payrollToasts.pdfFailed }, assign({ viewing: null })],
        },
      },
    },
  },
});

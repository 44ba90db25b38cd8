import { type ActorRefFrom, assign, fromPromise, sendTo, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import { payrollToasts } from '../src/domain/messages/payroll';
import { submissionToasts } from '../src/domain/messages/submissions';
import { staffPayslipsOfYear, yearOfPayslipsSchema } from '../src/domain/pay-lists';
import { payYears } from '../src/domain/payslips';
import { childNews, notProvided, type ToastParams } from './effects';
import { listMachine } from './list.machine';

/**
 * The staff member's own processed payslips (/staff/payslips): a Year filter from the hire year to
 * the current year, the table, View opening one payslip's PDF, and the year's Form IR8A.
 * The table is the one list statechart (spawned here, the year as its query's filter; the year's payslips
 * are one answer, cut into pages here); this machine keeps the year, whether it has payslips (for IR8A)
 * and the PDFs.
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
  /** The year's payslips. */
  payslips: ActorRefFrom<typeof listMachine>;
  /** How many payslips the year shown has; null until its list is in. */
  payslipCount: number | null;
  /** The payslip whose PDF is being fetched: its View reads 'Processing...' (spec section 8). */
  viewing: number | null;
}

export type StaffPayslipsEvent =
  | { type: 'year.change'; year: number }
  | { type: 'payslip.view'; payslipId: number }
  /** The year's Form IR8A (issue 15), offered for a year with payslips. */
  | { type: 'remunerationReturn.view' }
  /** The list fetched the year's payslips (it emits it, with their number). */
  | { type: 'payslips.loaded'; count: number }
  /** The list could not fetch them (it emits it; the table offers Try again). */
  | { type: 'payslips.failed' };

export const staffPayslipsMachine = setup({
  types: {
    context: {} as StaffPayslipsContext,
    events: {} as StaffPayslipsEvent,
    input: {} as StaffPayslipsInput,
  },
  actors: {
    payslips: listMachine,
    /** Hears what the list tells (it emits it) and passes it to this machine. */
    listNews: childNews<{ payslips: StaffPayslipsContext['payslips'] }>((input, tell) => [
      input.payslips.on('list.loaded', ({ about }) =>
        tell({ type: 'payslips.loaded', count: yearOfPayslipsSchema.parse(about).count }),
      ),
      input.payslips.on('list.failed', () => tell({ type: 'payslips.failed' })),
    ]),
    openPayslipPdf: fromPromise<void, { payslipId: number }>(notProvided('staff-payslips', 'openPayslipPdf')),
    openIr8aPdf: fromPromise<void, { userId: number; year: number }>(
      notProvided('staff-payslips', 'openIr8aPdf'),
    ),
  },
  actions: {
    notify: notProvided('staff-payslips', 'notify') as (_: unknown, params: ToastParams) => void,
  },
  guards: {
    hasPayslipsThisYear: ({ context }) => (context.payslipCount ?? 0) > 0,
  },
}).createMachine({
  id: 'staffPayslips',
  description: "A staff member's processed payslips by year, each opening as a PDF.",
  context: ({ input, spawn }) => {
    const years = payYears(input.today, input.hireDate ? Number(input.hireDate.slice(0, 4)) : undefined);
    const year = years[0] ?? Number(input.today.slice(0, 4));
    return {
      userId: input.userId,
      today: input.today,
      years,
      year,
      payslips: spawn('payslips', {
        id: 'payslips',
        systemId: 'staffPayslipRows',
        input: { query: staffPayslipsOfYear(input.userId, year) },
      }),
      payslipCount: null,
      viewing: null,
    };
  },
  invoke: { id: 'listNews', src: 'listNews', input: ({ context }) => ({ payslips: context.payslips }) },
  on: {
    'payslips.loaded': {
      description: 'The payslips of the year show, latest month first.',
      actions: assign({ payslipCount: ({ event }) => event.count }),
    },
    'payslips.failed': {
      description: 'The payslips could not be fetched: the table shows the error and Try again.',
      actions: assign({ payslipCount: null }),
    },
  },
  initial: 'ready',
  states: {
    ready: {
      description: 'The payslips of the year (skeleton rows while they are fetched); nothing opening.',
      on: {
        'year.change': {
          description: 'Another year: its payslips are fetched.',
          actions: [
            assign({ year: ({ event }) => event.year, payslipCount: null }),
            sendTo(
              ({ context }) => context.payslips,
              ({ context, event }) => ({
                type: 'list.change' as const,
                change: { filters: staffPayslipsOfYear(context.userId, event.year).filters },
              }),
            ),
          ],
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

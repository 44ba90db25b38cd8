import { type ActorRefFrom, assign, fromPromise, sendTo, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ClaimStatus } from '../src/domain/enums';
import { claimToasts } from '../src/domain/messages/claims';
import { payYears } from '../src/domain/payslips';
import { claimReviewMachine } from './claim-review.machine';
import { childNews, notProvided, type ToastParams } from './effects';
import { type ListInput, listMachine } from './list.machine';

/**
 * Claims (admin, issue 37 item 4): a month's claims of everyone, those awaiting a decision first, filtered
 * by status; the review side sheet (machines/claim-review.machine.ts), whose decision fetches the list
 * again; and the month's report as CSV or PDF (GET /claims/report).
 */
export interface AdminClaimsInput {
  adminId: number;
  today: string;
}

export interface AdminClaimsContext {
  year: number;
  month: number;
  years: number[];
  /** '' for every status. */
  status: ClaimStatus | '';
  claims: ActorRefFrom<typeof listMachine>;
  review: ActorRefFrom<typeof claimReviewMachine>;
  /** The report on its way, if any. */
  downloading: 'csv' | 'pdf' | null;
}

export type AdminClaimsEvent =
  | { type: 'period.change'; year: number; month: number }
  | { type: 'status.change'; status: ClaimStatus | '' }
  | { type: 'report.download'; format: 'csv' | 'pdf' }
  | { type: 'claim.decided' };

/** The list's filters for a month and a status. */
export const adminClaimsFilters = (year: number, month: number, status: ClaimStatus | '') => ({
  year: [String(year)],
  month: [String(month)],
  ...(status ? { status: [status] } : {}),
});

export const adminClaimsListInput = (year: number, month: number): ListInput => ({
  query: { filters: adminClaimsFilters(year, month, ''), pageSize: 10 },
});

export const adminClaimsMachine = setup({
  types: {
    context: {} as AdminClaimsContext,
    events: {} as AdminClaimsEvent,
    input: {} as AdminClaimsInput,
  },
  actors: {
    claims: listMachine,
    review: claimReviewMachine,
    report: fromPromise<void, { year: number; month: number; format: 'csv' | 'pdf' }>(
      notProvided('adminClaims', 'report'),
    ),
    childNews: childNews<{ review: AdminClaimsContext['review'] }>((input, tell) => [
      input.review.on('claim.decided', () => tell({ type: 'claim.decided' })),
    ]),
  },
  actions: {
    notify: notProvided('adminClaims', 'notify') as (_: unknown, params: ToastParams) => void,
  },
}).createMachine({
  id: 'adminClaims',
  description: 'Claims (admin): a month’s claims, pending first, the review sheet and the month’s report.',
  context: ({ input, spawn }) => {
    const year = Number(input.today.slice(0, 4));
    const month = Number(input.today.slice(5, 7));
    return {
      year,
      month,
      years: payYears(input.today),
      status: '',
      claims: spawn('claims', {
        id: 'claims',
        systemId: 'adminClaimsList',
        input: adminClaimsListInput(year, month),
      }),
      review: spawn('review', { id: 'review', systemId: 'claimReview', input: { adminId: input.adminId } }),
      downloading: null,
    };
  },
  invoke: { src: 'childNews', input: ({ context }) => ({ review: context.review }) },
  on: {
    'period.change': {
      description: 'Another month: its claims are fetched.',
      actions: [
        assign({ year: ({ event }) => event.year, month: ({ event }) => event.month }),
        sendTo(
          ({ context }) => context.claims,
          ({ context }) => ({
            type: 'list.change' as const,
            change: { filters: adminClaimsFilters(context.year, context.month, context.status) },
          }),
        ),
      ],
    },
    'status.change': {
      description: 'Another status (or every status): the month’s claims of it are fetched.',
      actions: [
        assign({ status: ({ event }) => event.status }),
        sendTo(
          ({ context }) => context.claims,
          ({ context }) => ({
            type: 'list.change' as const,
            change: { filters: adminClaimsFilters(context.year, context.month, context.status) },
          }),
        ),
      ],
    },
    'claim.decided': {
      description: 'The sheet decided a claim: the list is fetched again where it was.',
      actions: sendTo(({ context }) => context.claims, { type: 'list.reload' }),
    },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'The list and the sheet run on their own.',
      on: {
        'report.download': {
          target: 'downloading',
          description: 'CSV or PDF: the month’s report is fetched and saved.',
          actions: assign({ downloading: ({ event }) => event.format }),
        },
      },
    },
    downloading: {
      description: 'The report is on its way; its button shows a spinner.',
      invoke: {
        src: 'report',
        input: ({ context }) => ({
          year: context.year,
          month: context.month,
          format: context.downloading ?? 'csv',
        }),
        onDone: { target: 'idle', actions: assign({ downloading: null }) },
        onError: {
          target: 'idle',
          actions: [
            assign({ downloading: null }),
            { type: 'notify', params: ({ event }) => claimToasts.reportFailed(toApiError(event.error)) },
          ],
        },
      },
    },
  },
});

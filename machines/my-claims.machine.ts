import { type ActorRefFrom, assign, setup, stopChild } from 'xstate';
import type { Claim, ClaimType } from '../src/domain/claims';
import { claimToasts } from '../src/domain/messages/claims';
import { childNews, notProvided, type ToastParams } from './effects';
import { type ListInput, listMachine, listToasts } from './list.machine';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';
import { newClaimDialogMachine } from './new-claim.machine';

/**
 * My Claims (issue 37 item 4): one's own claims (the list statechart, 10 a page, newest first), the New
 * claim dialog, Delete on a pending claim (the list's removal) and the totals of this month and this year
 * per type against its limits (a load of the claim types and the year's claims). A claim filed or deleted
 * fetches the list and the totals again.
 */
export interface MyClaimsInput {
  userId: number;
  today: string;
}

/** What the totals load asks: the person's claims of the year, with the claim types. */
export interface ClaimTotalsQuery {
  userId: number;
  year: number;
}

export interface ClaimTotalsData {
  types: ClaimType[];
  claims: Claim[];
}

export interface MyClaimsContext {
  userId: number;
  today: string;
  claims: ActorRefFrom<typeof listMachine>;
  totals: LoadActorRef;
  /** The types and the year's claims as last fetched (null while the first fetch is out). */
  facts: ClaimTotalsData | null;
  newClaim: ActorRefFrom<typeof newClaimDialogMachine>;
}

export type MyClaimsEvent =
  | { type: 'totals.loaded'; data: ClaimTotalsData }
  | { type: 'claims.removed' }
  | { type: 'xstate.done.actor.newClaim' };

const removalToasts = listToasts<Claim>({
  removed: (claim) => claimToasts.deleted(claim.type),
  removeFailed: (_claim, error) => claimToasts.deleteFailed(error),
});

/** The list's first query: one's own claims, newest first, 10 a page. */
export const myClaimsListInput: ListInput = { query: { pageSize: 10 }, toasts: removalToasts };

export const myClaimsMachine = setup({
  types: {
    context: {} as MyClaimsContext,
    events: {} as MyClaimsEvent,
    input: {} as MyClaimsInput,
  },
  actors: {
    claims: listMachine,
    totals: loadMachine,
    newClaim: newClaimDialogMachine,
    childNews: childNews<{ claims: MyClaimsContext['claims']; totals: LoadActorRef }>((input, tell) => [
      input.claims.on('list.removed', () => tell({ type: 'claims.removed' })),
      ...loadNews<ClaimTotalsData>(input.totals, {
        loaded: (data) => tell({ type: 'totals.loaded', data }),
      }),
    ]),
  },
  actions: {
    notify: notProvided('myClaims', 'notify') as (_: unknown, params: ToastParams) => void,
    reloadTotals: ({ context }) => context.totals.send({ type: 'load.reload' }),
  },
}).createMachine({
  id: 'myClaims',
  description:
    'My Claims: the list of one’s claims, New claim, Delete of a pending one, totals against limits.',
  context: ({ input, spawn }) => {
    const query: ClaimTotalsQuery = { userId: input.userId, year: Number(input.today.slice(0, 4)) };
    return {
      userId: input.userId,
      today: input.today,
      claims: spawn('claims', { id: 'claims', systemId: 'myClaimsList', input: myClaimsListInput }),
      totals: spawn('totals', { id: 'totals', systemId: 'claimTotals', input: { query } }),
      facts: null,
      newClaim: spawn('newClaim', { id: 'newClaim', input: { params: { receipt: null } } }),
    };
  },
  invoke: {
    src: 'childNews',
    input: ({ context }) => ({ claims: context.claims, totals: context.totals }),
  },
  on: {
    'totals.loaded': {
      description: 'The types and the year’s claims arrived: the totals and the dialog’s types show.',
      actions: assign({ facts: ({ event }) => event.data }),
    },
    'claims.removed': {
      description: 'A pending claim was deleted: the totals are fetched again.',
      actions: 'reloadTotals',
    },
    'xstate.done.actor.newClaim': {
      description:
        'A claim was filed: the list starts over, the totals follow, the next dialog starts empty.',
      actions: [
        ({ context }) => context.claims.send({ type: 'list.reset' }),
        'reloadTotals',
        stopChild(({ context }) => context.newClaim),
        assign({
          newClaim: ({ spawn }) =>
            spawn('newClaim', { id: 'newClaim', input: { params: { receipt: null } } }),
        }),
      ],
    },
  },
});

import { type ActorRefFrom, sendTo, setup } from 'xstate';
import { leaveOverviewMachine } from './leave-overview.machine';
import { leaveReviewMachine, reviewDecisions } from './leave-review.machine';
import { type ListInput, listMachine } from './list.machine';

/**
 * /admin as one machine (spec section 2, Admin dashboard): it spawns the screen's three machines (the
 * requests list, the stat cards with the leave types, the review sheet) and routes what one of them
 * does to the others, so the coordination is on this diagram: a decision in the review sheet reloads
 * the list and the counts.
 */
export interface AdminDashboardInput {
  requests: ListInput;
}

export const adminDashboardMachine = setup({
  types: {
    input: {} as AdminDashboardInput,
    context: {} as {
      requests: ActorRefFrom<typeof listMachine>;
      overview: ActorRefFrom<typeof leaveOverviewMachine>;
      review: ActorRefFrom<typeof leaveReviewMachine>;
    },
    events: {} as { type: 'review.decided' },
  },
  actors: {
    requests: listMachine,
    overview: leaveOverviewMachine,
    review: leaveReviewMachine,
    reviewDecisions,
  },
}).createMachine({
  id: 'adminDashboard',
  description: 'The admin dashboard: stat cards, every staff request, the review sheet.',
  context: ({ spawn, input }) => ({
    requests: spawn('requests', { id: 'requests', systemId: 'adminRequests', input: input.requests }),
    overview: spawn('overview', { id: 'overview', systemId: 'adminOverview' }),
    review: spawn('review', { id: 'review', systemId: 'adminReview' }),
  }),
  initial: 'showing',
  states: {
    showing: {
      description: 'The three parts run on their own; this machine routes between them.',
      invoke: { src: 'reviewDecisions', input: ({ context }) => ({ review: context.review }) },
      on: {
        'review.decided': {
          description: 'An approval or rejection changes the list and the counts (spec section 4).',
          actions: [
            sendTo(({ context }) => context.requests, { type: 'list.reload' }),
            sendTo(({ context }) => context.overview, { type: 'load.reload' }),
          ],
        },
      },
    },
  },
});

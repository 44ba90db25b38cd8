import { type ActorRefFrom, sendTo, setup } from 'xstate';
import { type LeaveCalendarInput, leaveCalendarMachine } from './leave-calendar.machine';
import { leaveReviewMachine, reviewDecisions } from './leave-review.machine';

/**
 * /admin/leave-calendar as one machine (issue 17, part 5): it spawns the month (the calendar) and the
 * Leave Request Details sheet the admin dashboard uses, and routes between them: an entry opens the sheet
 * (the view sends `review.open` with the entry's request, as the dashboard's View button does), and an
 * approval or rejection there reloads the month, so the entry shows its new status or leaves.
 */
export const adminLeaveCalendarMachine = setup({
  types: {
    input: {} as LeaveCalendarInput,
    context: {} as {
      calendar: ActorRefFrom<typeof leaveCalendarMachine>;
      review: ActorRefFrom<typeof leaveReviewMachine>;
    },
    events: {} as { type: 'review.decided' },
  },
  actors: {
    calendar: leaveCalendarMachine,
    review: leaveReviewMachine,
    reviewDecisions,
  },
}).createMachine({
  id: 'adminLeaveCalendar',
  description: "The team calendar: everyone's month of leave, and the review sheet its entries open.",
  context: ({ spawn, input }) => ({
    calendar: spawn('calendar', { id: 'calendar', systemId: 'teamCalendar', input }),
    review: spawn('review', { id: 'review', systemId: 'calendarReview' }),
  }),
  initial: 'showing',
  states: {
    showing: {
      description: 'The month and the sheet run on their own; this machine routes between them.',
      invoke: { src: 'reviewDecisions', input: ({ context }) => ({ review: context.review }) },
      on: {
        'review.decided': {
          description: 'An approval or rejection changes the month: it is fetched again.',
          actions: sendTo(({ context }) => context.calendar, { type: 'load.reload' }),
        },
      },
    },
  },
});

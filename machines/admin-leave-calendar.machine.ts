import { type ActorRefFrom, type EventObject, fromCallback, sendTo, setup } from 'xstate';
import { type LeaveCalendarInput, leaveCalendarMachine } from './leave-calendar.machine';
import { leaveReviewMachine } from './leave-review.machine';

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
    /** Hears the review sheet's decisions (it emits them) and passes them to this machine. */
    reviewDecisions: fromCallback<EventObject, { review: ActorRefFrom<typeof leaveReviewMachine> }>(
      ({ input, sendBack }) => {
        const subscription = input.review.on('leaveRequest.decided', () =>
          sendBack({ type: 'review.decided' }),
        );
        return () => subscription.unsubscribe();
      },
    ),
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
          actions: sendTo(({ context }) => context.calendar, { type: 'calendar.reload' }),
        },
      },
    },
  },
});

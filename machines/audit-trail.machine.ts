import { type ActorRefFrom, assign, fromPromise, sendTo, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { AuditFilters } from '../src/domain/audit';
import { auditToasts } from '../src/domain/messages/audit';
import { notProvided, type ToastParams } from './effects';
import { type ListInput, listMachine } from './list.machine';

/**
 * /admin/audit (issue 39 item 6) as one machine: it spawns the trail (the one list statechart, newest first
 * from the server) and keeps the filters, which the list's query carries; Export CSV saves the rows of the
 * same filters.
 */

export interface AuditTrailInput {
  /** The filters the screen opens with (a staff record's History link names its person). */
  filters: AuditFilters;
}

export interface AuditTrailContext {
  filters: AuditFilters;
  trail: ActorRefFrom<typeof listMachine>;
}

export type AuditTrailEvent =
  | { type: 'filters.change'; filters: AuditFilters }
  | { type: 'filters.clear' }
  | { type: 'csv.export' };

/** The list's query of the filters: each set filter as a one-value list filter. */
export const auditListInput = (filters: AuditFilters): ListInput => ({
  query: { filters: listFilters(filters) },
});

const listFilters = (filters: AuditFilters) =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, [String(value)]]),
  );

export const auditTrailMachine = setup({
  types: {
    context: {} as AuditTrailContext,
    events: {} as AuditTrailEvent,
    input: {} as AuditTrailInput,
  },
  actors: {
    trail: listMachine,
    exportCsv: fromPromise<string, AuditFilters>(notProvided('audit-trail', 'exportCsv')),
  },
  actions: {
    notify: notProvided('audit-trail', 'notify') as (_: unknown, params: ToastParams) => void,
  },
}).createMachine({
  id: 'auditTrail',
  description:
    'The Audit screen: who did what to which record when, filtered, a page at a time, and its CSV.',
  context: ({ input, spawn }) => ({
    filters: input.filters,
    trail: spawn('trail', { id: 'trail', systemId: 'trail', input: auditListInput(input.filters) }),
  }),
  on: {
    'filters.change': {
      description: 'Other filters: the trail is fetched again from page 1.',
      actions: [
        assign({ filters: ({ event }) => event.filters }),
        sendTo(
          ({ context }) => context.trail,
          ({ event }) => ({
            type: 'list.change',
            change: { filters: listFilters(event.filters) },
          }),
        ),
      ],
    },
    'filters.clear': {
      description: 'Every filter cleared: the whole trail, from page 1.',
      actions: [
        assign({ filters: {} }),
        sendTo(({ context }) => context.trail, { type: 'list.change', change: { filters: {} } }),
      ],
    },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'The trail shows; Export CSV is offered.',
      on: { 'csv.export': { target: 'exporting', description: 'Export CSV: the rows of these filters.' } },
    },
    exporting: {
      description: 'The CSV of the filters is fetched and saved; Export CSV waits.',
      tags: ['busy'],
      invoke: {
        src: 'exportCsv',
        input: ({ context }) => context.filters,
        onDone: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => auditToasts.exported(event.output) },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => auditToasts.exportFailed(toApiError(event.error)),
          },
        },
      },
    },
  },
});

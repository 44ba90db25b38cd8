import { expect } from 'vitest';
import { and, assign, not, setup, stateIn } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { buttonsIn } from './leave-dom';

/**
 * The stat cards and the leave types of a leave screen, as the spec says: section 2 (the admin and staff
 * dashboards show three stat cards, Pending Approval, Requests Approved and Requests Rejected, fed by the
 * per-status counts, and a multi-select Leave Type filter; user detail's add button opens Request for Leave,
 * whose Leave Type offers the leave types; My profile shows neither), section 7 (the counts and GET
 * /leave-types are two requests, so the types are offered whatever the counts answered, and each may fail on
 * its own), section 4 (a decision, or a delete, changes the counts, which reload; the leave types do not
 * change with the requests, so they are asked again only if they could not be fetched) and section 8 (a
 * failure of the counts is said where the cards are, one of the types beside the Leave Type filter that
 * offers them, each with a way to ask again, and nowhere else).
 */

export interface Counts {
  PENDING: number;
  APPROVED: number;
  REJECTED: number;
}

export interface OverviewScreen {
  name: string;
  path: string;
  /** The screen shows the stat cards (the dashboards). */
  cards: boolean;
  /** Where the screen offers the leave types. */
  typesIn: 'filter' | 'dialog' | null;
  /** What changes the counts here: an approval (admin dashboard) or deleting a pending request. */
  change: 'approve' | 'delete';
}

export interface OverviewInput {
  screen: OverviewScreen;
  /** The counts the server holds. */
  counts: Counts;
  /** The leave type names, in the server's order. */
  types: string[];
  /** What a failed request says. */
  failure: string;
}

export interface OverviewContext extends OverviewInput {
  /** What the cards showed last: they keep showing it while the counts reload. */
  shown: Counts | 'failed' | null;
  changed: boolean;
}

export type OverviewEvent =
  /** The server answers whatever is asked (the counts, the types). */
  | { type: 'server.answers' }
  /** The counts fail; the types, if asked, arrive. */
  | { type: 'server.failsCounts' }
  /** Whatever is asked fails. */
  | { type: 'server.failsBoth' }
  | { type: 'user.changesARequest' }
  /** Try again under the cards. */
  | { type: 'user.triesAgain' }
  /** Try again beside the Leave Type filter. */
  | { type: 'user.triesTypesAgain' };

const CARDS = [
  ['Pending Approval', 'PENDING'],
  ['Requests Approved', 'APPROVED'],
  ['Requests Rejected', 'REJECTED'],
] as const;

/** A failure replaces figures that showed; before the first counts there is still none to show. */
const failedOver = (shown: OverviewContext['shown']) => (shown === null ? null : ('failed' as const));

type Snapshot = { context: OverviewContext; matches: (state: unknown) => boolean };
const ctx = (m: unknown) => (m as Snapshot).context;

/** The three cards, by their titles, in the order they show. */
const cardsShown = () =>
  [...document.querySelectorAll('li')].filter((li) =>
    CARDS.some(([title]) => li.textContent?.startsWith(title)),
  );
/** A card's figure: what follows its title (nothing while it is a placeholder). */
const figure = (title: string) =>
  cardsShown()
    .find((li) => li.textContent?.startsWith(title))
    ?.textContent?.slice(title.length);
/** The block of the cards, with what it says of a failure. */
const cardsBlock = () => cardsShown()[0]?.parentElement?.parentElement as HTMLElement;
/** Every Try again of the page. */
const retries = () =>
  [...document.querySelectorAll('button')].filter((b) => b.textContent?.trim() === 'Try again');

/** The Try again beside the Leave Type filter (in the toolbar that holds the filter), if any. */
export function typesRetry(): HTMLElement | null {
  const filter = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Leave Type');
  const block = cardsBlock();
  const outside = retries().filter((b) => !block?.contains(b));
  if (!filter) return null;
  for (const retry of outside) {
    let box = filter.parentElement;
    while (box && !box.contains(retry)) box = box.parentElement;
    // The smallest box holding both is the filters' toolbar, not the page: no table, no cards in it.
    if (box && !box.querySelector('table') && !box.querySelector('li')) return retry;
  }
  return null;
}

export interface OverviewProbe {
  /** The leave types the screen offers where it offers them (opened and closed again by the probe). */
  typesOffered(app: RunningApp, where: 'filter' | 'dialog'): Promise<string[]>;
}

/** The model of one screen; `probe` opens what offers the leave types. */
export const leaveOverviewModelFor = (screen: OverviewScreen, probe: OverviewProbe) => {
  const typesFailed = (m: unknown) => (m as Snapshot).matches({ types: 'failed' });
  return setup({
    types: { input: {} as OverviewInput, context: {} as OverviewContext, events: {} as OverviewEvent },
    guards: { unchanged: ({ context }) => !context.changed },
    actions: {
      /** Spec section 4: an approval moves one pending to approved; a delete removes a pending one. */
      change: assign(({ context }) => ({
        changed: true,
        counts: {
          ...context.counts,
          PENDING: context.counts.PENDING - 1,
          APPROVED: context.counts.APPROVED + (screen.change === 'approve' ? 1 : 0),
        },
      })),
    },
  }).createMachine({
    id: 'leaveOverviewModel',
    context: ({ input }) => ({ ...input, shown: null, changed: false }),
    meta: shows((_app, m) => {
      const c = ctx(m);
      expect(window.location.pathname).toBe(c.screen.path);
      const titles = cardsShown().map((li) => CARDS.find(([t]) => li.textContent?.startsWith(t))?.[0]);
      expect(titles, 'the stat cards').toEqual(c.screen.cards ? CARDS.map(([t]) => t) : []);
      // The types' failure and Try again beside the Leave Type filter (the counts' are checked by the cards).
      // Another part of the screen (the staff calendar) may ask for the types too and say so its own way.
      const filterRetry = c.screen.typesIn === 'filter' && typesFailed(m);
      expect(typesRetry() !== null, 'Try again beside the Leave Type filter').toBe(filterRetry);
      if (filterRetry) {
        expect(typesRetry()?.closest('[role="alert"]'), 'the failure of the types').toHaveTextContent(
          c.failure,
        );
      }
      if (!c.screen.cards && !filterRetry) {
        // A failure is not this screen's to show (on the dashboards, the calendar says its own).
        expect(document.body.textContent).not.toContain(c.failure);
      }
    }),
    type: 'parallel',
    states: {
      counts: {
        initial: 'loading',
        states: {
          loading: {
            meta: shows((app, m) => {
              const c = ctx(m);
              expect(
                app.server.pending('GET').filter((r) => r.path.endsWith('/leave-requests/count')),
                'the counts are asked for',
              ).toHaveLength(1);
              if (!c.screen.cards) return;
              for (const [title, status] of CARDS) {
                // No figure before the first counts; what showed last stays while they reload.
                const last = c.shown === null ? '' : c.shown === 'failed' ? '-' : String(c.shown[status]);
                expect(figure(title), title).toBe(last);
              }
            }),
            on: {
              'server.answers': {
                target: 'ready',
                actions: assign(({ context }) => ({ shown: context.counts })),
              },
              'server.failsCounts': {
                target: 'failed',
                actions: assign({ shown: ({ context }) => failedOver(context.shown) }),
              },
              'server.failsBoth': {
                target: 'failed',
                actions: assign({ shown: ({ context }) => failedOver(context.shown) }),
              },
            },
          },
          ready: {
            meta: shows((_app, m) => {
              const c = ctx(m);
              if (!c.screen.cards) return;
              for (const [title, status] of CARDS)
                expect(figure(title), title).toBe(String(c.counts[status]));
              expect(cardsBlock().querySelector('[role="alert"]')).toBeNull();
              expect(buttonsIn(cardsBlock(), 'Try again')).toHaveLength(0);
            }),
            on: {
              'user.changesARequest': { guard: 'unchanged', target: 'loading', actions: 'change' },
            },
          },
          failed: {
            meta: shows((_app, m) => {
              const c = ctx(m);
              if (!c.screen.cards) return;
              // Spec section 8: the failure is said where the counts are, with a way to ask again.
              for (const [title] of CARDS) expect(figure(title), title).toBe('-');
              expect(cardsBlock().querySelector('[role="alert"]')).toHaveTextContent(c.failure);
              expect(buttonsIn(cardsBlock(), 'Try again')).toHaveLength(1);
            }),
            on: {
              'user.changesARequest': { guard: 'unchanged', target: 'loading', actions: 'change' },
              ...(screen.cards && { 'user.triesAgain': { target: 'loading' } }),
            },
          },
        },
      },
      types: {
        initial: 'loading',
        states: {
          loading: {
            meta: shows((app) => {
              expect(
                app.server.pending('GET', '/api/leave-types').length,
                'the types are asked for',
              ).toBeGreaterThan(0);
            }),
            on: {
              'server.answers': 'arrived',
              'server.failsCounts': 'arrived',
              'server.failsBoth': 'failed',
            },
          },
          arrived: {
            meta: shows(async (app, m) => {
              if (!screen.typesIn) return;
              // Where the screen offers them, the types as the server listed them.
              expect(await probe.typesOffered(app, screen.typesIn), 'the leave types offered').toEqual(
                ctx(m).types,
              );
            }),
          },
          failed: {
            on: {
              // The requests changed: what could not be fetched is asked again with the counts.
              'user.changesARequest': {
                guard: and(['unchanged', not(stateIn({ counts: 'loading' }))]),
                target: 'loading',
              },
              ...(screen.typesIn === 'filter' && { 'user.triesTypesAgain': { target: 'loading' } }),
            },
          },
        },
      },
    },
  });
};

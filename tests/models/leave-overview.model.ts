import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { buttonsIn } from './leave-dom';

/**
 * The stat cards and the leave types of a leave screen, as the spec says: section 2 (the admin and staff
 * dashboards show three stat cards, Pending Approval, Requests Approved and Requests Rejected, fed by the
 * per-status counts, and a multi-select Leave Type filter; user detail's add button opens Request for Leave,
 * whose Leave Type offers the leave types; My profile shows neither), section 7 (the counts and GET
 * /leave-types are two requests, so the types are offered whatever the counts answered), section 4 (a
 * decision, or a delete, changes the counts, which reload) and section 8 (a failure of the counts is said
 * where the cards are, and nowhere else).
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
  typesArrived: boolean;
  changed: boolean;
}

export type OverviewEvent =
  | { type: 'server.answers' }
  | { type: 'server.failsCounts' }
  | { type: 'server.failsBoth' }
  | { type: 'user.changesARequest' }
  | { type: 'user.triesAgain' };

const CARDS = [
  ['Pending Approval', 'PENDING'],
  ['Requests Approved', 'APPROVED'],
  ['Requests Rejected', 'REJECTED'],
] as const;

/** A failure replaces figures that showed; before the first counts there is still none to show. */
const failedOver = (shown: OverviewContext['shown']) => (shown === null ? null : ('failed' as const));

type Snapshot = { context: OverviewContext };
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

export interface OverviewProbe {
  /** The leave types the screen offers where it offers them (opened and closed again by the probe). */
  typesOffered(app: RunningApp, where: 'filter' | 'dialog'): Promise<string[]>;
}

/** The model of one screen; `probe` opens what offers the leave types. */
export const leaveOverviewModelFor = (screen: OverviewScreen, probe: OverviewProbe) => {
  const expectTypes = async (app: RunningApp, c: OverviewContext) => {
    if (!screen.typesIn || !c.typesArrived) return;
    expect(await probe.typesOffered(app, screen.typesIn), 'the leave types offered').toEqual(c.types);
  };
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
    context: ({ input }) => ({ ...input, shown: null, typesArrived: false, changed: false }),
    meta: shows((_app, m) => {
      const c = ctx(m);
      expect(window.location.pathname).toBe(c.screen.path);
      const titles = cardsShown().map((li) => CARDS.find(([t]) => li.textContent?.startsWith(t))?.[0]);
      expect(titles, 'the stat cards').toEqual(c.screen.cards ? CARDS.map(([t]) => t) : []);
      if (!c.screen.cards) {
        // A failure of the counts is not this screen's to show.
        expect(document.body.textContent).not.toContain(c.failure);
      }
    }),
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
            actions: assign(({ context }) => ({ shown: context.counts, typesArrived: true })),
          },
          'server.failsCounts': {
            target: 'failed',
            actions: assign({ typesArrived: true, shown: ({ context }) => failedOver(context.shown) }),
          },
          'server.failsBoth': {
            target: 'failed',
            actions: assign({ shown: ({ context }) => failedOver(context.shown) }),
          },
        },
      },
      ready: {
        meta: shows(async (app, m) => {
          const c = ctx(m);
          if (c.screen.cards) {
            for (const [title, status] of CARDS) expect(figure(title), title).toBe(String(c.counts[status]));
            expect(cardsBlock().querySelector('[role="alert"]')).toBeNull();
            expect(buttonsIn(cardsBlock(), 'Try again')).toHaveLength(0);
          }
          await expectTypes(app, c);
        }),
        on: {
          'user.changesARequest': { guard: 'unchanged', target: 'loading', actions: 'change' },
        },
      },
      failed: {
        meta: shows(async (app, m) => {
          const c = ctx(m);
          if (c.screen.cards) {
            // Spec section 8: the failure is said where the counts are, with a way to ask again.
            for (const [title] of CARDS) expect(figure(title), title).toBe('-');
            expect(cardsBlock().querySelector('[role="alert"]')).toHaveTextContent(c.failure);
            expect(buttonsIn(cardsBlock(), 'Try again')).toHaveLength(1);
          }
          await expectTypes(app, c);
        }),
        on: {
          'user.changesARequest': { guard: 'unchanged', target: 'loading', actions: 'change' },
          ...(screen.cards && { 'user.triesAgain': { target: 'loading' } }),
        },
      },
    },
  });
};

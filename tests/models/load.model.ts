import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { ApiError } from '../../src/domain/auth';
import type { FakeServer, RecordedRequest } from '../machines/fake-server';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';

/**
 * What a screen fetches to show, as its user sees it (spec section 2's screens, section 7's GETs, section 8's
 * failures), the same on every screen that fetches something to show:
 * - while it is fetched, the screen's placeholder (a skeleton, a spinner) shows, nothing of the answer, and no
 *   Try again;
 * - the answer shows;
 * - a fetch that fails shows the server's reason and Try again, which asks the server again (the same
 *   question), and its answer shows;
 * - where the screen asks another question (another month, another period), what showed belonged to the old
 *   one: the placeholder shows until the new answer, which shows;
 * - where something else on the screen changed the data, the same question is asked again, and what showed
 *   stays until the answer.
 */

export interface LoadScreen {
  name: string;
  path: string;
  storage: Record<string, string>;
  /** The GET the screen asks with, and the query parameters of its first and of its other question. */
  endpoint: string;
  /** Answers what else the screen asks for; the fetch walked waits for the step that answers it. */
  prepare?: (server: FakeServer) => void;
  /** What the server answers, for the first question and for the other one (`change`). */
  answer: (other: boolean) => unknown;
  failure: ApiError;
  /** The screen's own words, which show whatever the fetch does. */
  expectChrome: () => void;
  /** The placeholder shows and nothing of an answer. */
  expectPlaceholder: () => void;
  /** The answer to the first (or the other) question shows. */
  expectShown: (other: boolean) => void;
  /** What the screen asked the server (a month, a period), each request against the question, in order. */
  expectAsked?: (asked: readonly RecordedRequest[], other: readonly boolean[]) => void;
  /** The user asks another question (another month or period): what the screen offers for it. */
  change?: (app: RunningApp) => Promise<void>;
  /** Something else on the screen changed the data (a decision, a new request), so it is fetched again. */
  changeData?: (app: RunningApp) => Promise<void>;
}

export interface LoadModelContext {
  /** The question the screen shows the answer of: the first, or the other one. */
  other: boolean;
  /** Each question asked, in order (true: the other one). */
  asked: boolean[];
  /** An answer shows while the same question is asked again. */
  kept: boolean;
}

export type LoadModelEvent =
  | { type: 'server.answers' }
  | { type: 'server.fails' }
  | { type: 'user.triesAgain' }
  | { type: 'user.asksAnother' }
  | { type: 'screen.changesData' };

export function createLoadModel(load: LoadScreen) {
  const retry = () => screen.queryByRole('button', { name: 'Try again' });
  return setup({
    types: { context: {} as LoadModelContext, events: {} as LoadModelEvent },
  }).createMachine({
    id: 'loadModel',
    context: { other: false, asked: [false], kept: false },
    meta: shows((app: RunningApp, s) => {
      const m = s.context as LoadModelContext;
      expect(window.location.pathname).toBe(load.path);
      load.expectChrome();
      const gets = app.server.requests.filter((r) => r.method === 'GET' && r.path === load.endpoint);
      expect(gets, `each GET ${load.endpoint} asked`).toHaveLength(m.asked.length);
      load.expectAsked?.(gets, m.asked);
      if (s.matches('failed')) {
        const button = retry();
        expect(button, 'Try again').toBeEnabled();
        expect(button?.closest('[role="alert"]'), 'the failure').toHaveTextContent(load.failure.message);
      } else expect(retry(), 'no Try again').toBeNull();
      if (s.matches('loading') && !m.kept) load.expectPlaceholder();
      if (s.matches('ready') || (s.matches('loading') && m.kept)) load.expectShown(m.other);
    }),
    initial: 'loading',
    states: {
      loading: {
        on: {
          'server.answers': { target: 'ready', actions: assign({ kept: false }) },
          'server.fails': { target: 'failed', actions: assign({ kept: false }) },
        },
      },
      ready: {
        // Only where something else on the screen changes the data.
        on: load.changeData
          ? {
              'screen.changesData': {
                target: 'loading',
                actions: assign({ kept: true, asked: ({ context }) => [...context.asked, context.other] }),
              },
            }
          : {},
      },
      failed: {
        on: {
          'user.triesAgain': {
            target: 'loading',
            actions: assign({ asked: ({ context }) => [...context.asked, context.other] }),
          },
        },
      },
    },
    // Only where the screen asks another question (a month, a period).
    on: load.change
      ? {
          'user.asksAnother': {
            target: '.loading',
            actions: assign({
              other: ({ context }) => !context.other,
              kept: false,
              asked: ({ context }) => [...context.asked, !context.other],
            }),
          },
        }
      : {},
  });
}

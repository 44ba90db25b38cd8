import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../../src/actors/session-store';
import { App } from '../../src/app/app';
import { preloadScreens } from '../../src/app/screens';
import { type AppServices, createAppServices, type Inspector } from '../../src/app/services';
import type { SessionUser } from '../../src/domain/auth';
import { removeToasts } from '../../src/ui/toasts';
import { createFakeServer, type FakeServer } from './fake-server';

/**
 * The real app in jsdom for model-based tests: fetch answered by a fake server, timers on a fake clock,
 * session storage and the URL set by the test.
 */

export interface RunningApp {
  services: AppServices;
  server: FakeServer;
  user: UserEvent;
}

let running: { unmount: () => void; services: AppServices } | null = null;

/** Installs the fake clock for every test of the file and cleans up after each. */
export function useAppHarness() {
  // Screens are lazy chunks: importing them all once here keeps that cost out of each test's time.
  beforeAll(() => preloadScreens(), 60_000);
  beforeEach(() => {
    // Real setImmediate stays: settle() uses it to let promises and renders run out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Testing Library flushes its async helpers with a 0 ms timer, advanced only for a Jest-like clock.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    sessionStorage.clear();
  });
  afterEach(async () => {
    running?.services.session.stop();
    // Chakra (Zag) finishes closing dialogs and drawers on timers; let them run so no dismiss layer outlives
    // the test and catches the next test's Escape.
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    running?.unmount();
    running = null;
    removeToasts();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Session storage of a user signed in earlier (pass as `renderApp`'s `storage`). */
export const signedIn = (user: SessionUser) => ({
  [ACCESS_TOKEN_KEY]: 'token',
  [CURRENT_USER_KEY]: JSON.stringify({ user, isNewUser: false }),
});

export async function renderApp(options: {
  path: string;
  storage?: Record<string, string>;
  inspect?: Inspector;
  prepare?: (server: FakeServer) => void;
}): Promise<RunningApp> {
  for (const [key, value] of Object.entries(options.storage ?? {})) sessionStorage.setItem(key, value);
  window.history.replaceState(null, '', options.path);
  const server = createFakeServer();
  options.prepare?.(server);
  vi.stubGlobal('fetch', server.fetch);
  const services = createAppServices({ inspect: options.inspect });
  // Already loaded (useAppHarness), so a lazy screen waits only a microtask, which settle() covers.
  await preloadScreens();
  const view = render(<App services={services} />);
  running = { unmount: view.unmount, services };
  await settle();
  return { services, server, user: userEvent.setup({ delay: null }) };
}

/** Lets promises, fetch answers and React renders run out without moving the fake clock. */
export async function settle() {
  await act(async () => {
    for (let i = 0; i < 12; i++) await new Promise((resolve) => setImmediate(resolve));
  });
}

export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

/**
 * Moves the clock through a named delay of the machine until `done` holds (the delayed transition was taken).
 * The state holding the timer was entered moments ago, so most of the delay passes in one jump and the rest
 * in small steps; stepping timer by timer would crawl, as animation frames tick every 16 ms.
 */
export async function advanceThroughDelay(machine: AnyStateMachine, eventType: string, done: () => boolean) {
  const name = eventType.match(/^xstate\.after\.([^.]+)\./)?.[1] ?? '';
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  const total = typeof delay === 'number' ? delay : Number(name);
  if (!Number.isFinite(total)) throw new Error(`Unknown delay in ${eventType}`);
  const jump = Math.max(0, total - 5000);
  if (jump > 0) await advance(jump);
  for (let waited = jump; !done(); waited += 250) {
    if (waited > total + 5000) throw new Error(`${eventType} did not fire within ${total} ms`);
    await advance(250);
  }
}

/** Open, not merely mounted: jsdom never ends Chakra's exit animations, so a closed dialog may linger. */
export const isDialogOpen = (role: 'dialog' | 'alertdialog', name: string) =>
  screen.queryAllByRole(role, { name, hidden: true }).some((el) => el.getAttribute('data-state') === 'open');

export function openDialog(role: 'dialog' | 'alertdialog', name: string): HTMLElement {
  const open = screen.getAllByRole(role, { name }).find((el) => el.getAttribute('data-state') === 'open');
  if (!open) throw new Error(`The ${role} '${name}' is not open`);
  return open;
}

/** The toast showing now has this title (and description). */
export function expectToast(title: string, description?: string) {
  // The title in a toast (a form may show the same words above its submit button).
  const titles = screen.getAllByText(title).filter((element) => element.closest('[data-scope="toast"]'));
  expect(titles, `toast '${title}'`).toHaveLength(1);
  const root = titles[0]?.closest('[data-part="root"]') as HTMLElement | null;
  expect(root, `toast '${title}'`).not.toBeNull();
  if (description && root) expect(within(root).getByText(description)).toBeInTheDocument();
}

/**
 * Opens a menu from its trigger and chooses an item. The menu takes focus on the next animation frame, which
 * jsdom runs on its own clock, and jsdom has no pointer events, so the menu is driven by keyboard from there,
 * as many users do.
 */
export async function chooseMenuItem(user: UserEvent, trigger: HTMLElement, item: string) {
  await user.click(trigger);
  expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const menu = screen.getByRole('menu');
  if (document.activeElement !== menu) act(() => menu.focus());
  const entry = within(menu).getByRole('menuitem', { name: item });
  for (let i = 0; i < 4 && !entry.hasAttribute('data-highlighted'); i++) {
    await user.keyboard('{ArrowDown}');
    await advance(20);
  }
  await user.keyboard('{Enter}');
  await advance(20);
}

/**
 * The browser tab a PDF opens in (src/actors/pdf.ts): `window.open` gives this stand-in and object URLs
 * are `blobUrl`. `install` (in the suite) puts it in place, fresh, before each test.
 */
export function pdfTab(blobUrl: string) {
  const tab = {
    location: { href: '' },
    close: vi.fn(),
    install() {
      beforeEach(() => {
        tab.location.href = '';
        tab.close.mockClear();
        vi.stubGlobal(
          'open',
          vi.fn(() => tab),
        );
        URL.createObjectURL = vi.fn(() => blobUrl);
        URL.revokeObjectURL = vi.fn();
      });
    },
  };
  return tab;
}

/** /login with its Forgot Password tab chosen (spec section 2). */
export async function openForgotPasswordTab(inspect: Inspector) {
  const app = await renderApp({ path: '/login', inspect });
  await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Forgot Password?' })));
  await settle();
  return app;
}

import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { findOpen } from './leave-dom';

/**
 * The New claim dialog's flow from issue 37 item 4 ("new claim dialog with the receipt taken by the phone's
 * camera or a file") and item 2 (`POST /api/claims {..., uploadKey?}`): the receipt input offers the camera
 * or a file; the chosen receipt's name shows; on Submit the receipt goes up first (an upload grant, as a
 * leave attachment), then the claim is sent naming the receipt's key; a refusal keeps the dialog, and the
 * claim sent again does not upload the same receipt twice; filed, the dialog closes.
 */
export const CLAIMS = '/api/claims';
export const GRANT = '/api/s3/upload-url';
export const RECEIPT = 'taxi.png';
export const UPLOAD_KEY = 'claims/7/c0ffee/taxi.png';

export interface NewClaimModelContext {
  chosen: boolean;
  /** How many grants were asked for, and how many claims sent. */
  grants: number;
  posts: number;
  open: boolean;
}

export type NewClaimModelEvent =
  | { type: 'user.choosesReceipt' }
  | { type: 'user.submits' }
  | { type: 'server.storesReceipt' }
  | { type: 'server.files' }
  | { type: 'server.refuses' };

export const newClaimModel = setup({
  types: { context: {} as NewClaimModelContext, events: {} as NewClaimModelEvent },
}).createMachine({
  id: 'newClaimModel',
  context: { chosen: false, grants: 0, posts: 0, open: true },
  meta: shows((app: RunningApp, s) => {
    const m = s.context as NewClaimModelContext;
    const dialog = findOpen('dialog', 'New claim');
    expect(dialog !== null, 'the New claim dialog').toBe(m.open);
    const requests = app.server.requests;
    expect(
      requests.filter((r) => r.method === 'GET' && r.path === GRANT),
      'grants asked',
    ).toHaveLength(m.grants);
    const posts = requests.filter((r) => r.method === 'POST' && r.path === CLAIMS);
    expect(posts, 'claims sent').toHaveLength(m.posts);
    // Every claim sent names the receipt that went up.
    for (const post of posts) expect((post.body as { uploadKey?: string }).uploadKey).toBe(UPLOAD_KEY);
    if (!dialog) return;
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    // "The phone's camera or a file": images or a PDF, and no `capture`, which would leave the camera only.
    expect(input?.hasAttribute('capture')).toBe(false);
    expect(input?.getAttribute('accept')).toContain('image/');
    expect(input?.getAttribute('accept')).toContain('application/pdf');
    expect(dialog.textContent?.includes(RECEIPT), "the chosen receipt's name").toBe(m.chosen);
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.choosesReceipt': { target: 'chosen', actions: assign({ chosen: true }) },
      },
    },
    chosen: {
      on: {
        'user.submits': {
          target: 'uploading',
          actions: assign({ grants: ({ context }) => context.grants + 1 }),
        },
      },
    },
    uploading: {
      on: {
        'server.storesReceipt': {
          target: 'sending',
          actions: assign({ posts: ({ context }) => context.posts + 1 }),
        },
      },
    },
    sending: {
      on: {
        'server.files': { target: 'filed', actions: assign({ open: false }) },
        'server.refuses': 'refused',
      },
    },
    refused: {
      on: {
        // Sent again: the receipt is up already, so the claim goes at once.
        'user.submits': {
          target: 'resending',
          actions: assign({ posts: ({ context }) => context.posts + 1 }),
        },
      },
    },
    resending: {
      on: { 'server.files': { target: 'filed', actions: assign({ open: false }) } },
    },
    filed: { type: 'final' },
  },
});

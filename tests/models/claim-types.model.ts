import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { findOpen } from './leave-dom';

/**
 * Claim types under settings as issue 37 says (item 1: "GET/POST/PUT/DELETE /api/claim-types {name,
 * perClaimLimit?, monthlyLimit?, yearlyLimit?, receiptRequired, taxable}"; "A type with claims is archived,
 * not deleted"; item 4: "claim types under settings"; the claims brief: "list, add, edit, archive/delete
 * (the API answers DELETED or ARCHIVED; say which)"). Limits are typed in dollars, empty for none.
 */
export const TYPES = '/api/claim-types';

export interface ClaimTypesModelContext {
  /** The names the list shows, as the server holds them. */
  names: string[];
  dialog: 'add' | 'edit' | null;
  confirming: boolean;
  requests: Array<{ method: string; path: string; body: unknown }>;
  toast: { title: string; description: string } | null;
}

export type ClaimTypesModelEvent =
  | { type: 'user.addsType' }
  | { type: 'user.editsTransport' }
  | { type: 'server.saves' }
  | { type: 'user.asksToDelete' }
  | { type: 'user.cancelsDelete' }
  | { type: 'user.confirmsDelete' }
  | { type: 'server.archives' };

/** What Add sends: 'Parking', $50 a month, no other limit, no receipt, not taxable. */
export const ADD_BODY = {
  name: 'Parking',
  perClaimLimit: null,
  monthlyLimit: 50,
  yearlyLimit: null,
  receiptRequired: false,
  taxable: false,
};
/** What Edit of Transport sends: its yearly limit set to $1,200, the rest as stored. */
export const EDIT_BODY = {
  name: 'Transport',
  perClaimLimit: null,
  monthlyLimit: null,
  yearlyLimit: 1200,
  receiptRequired: false,
  taxable: false,
};

const rowNames = () =>
  [...screen.getByRole('table', { name: 'Claim types' }).querySelectorAll('tbody tr td:first-child')].map(
    (cell) => cell.textContent,
  );

export const claimTypesModel = setup({
  types: {
    context: {} as ClaimTypesModelContext,
    events: {} as ClaimTypesModelEvent,
    input: {} as { names: string[] },
  },
}).createMachine({
  id: 'claimTypesModel',
  context: ({ input }) => ({
    names: input.names,
    dialog: null,
    confirming: false,
    requests: [],
    toast: null,
  }),
  meta: shows((app: RunningApp, s) => {
    const m = s.context as ClaimTypesModelContext;
    expect(window.location.pathname).toBe('/admin/company/claim-types');
    expect(rowNames()).toEqual(m.names);
    const changes = app.server.requests
      .filter((r) => r.method !== 'GET')
      .map((r) => ({ method: r.method, path: r.path, body: r.body ?? null }));
    expect(changes, 'the changes sent').toEqual(m.requests);
    if (m.toast) expectToast(m.toast.title, m.toast.description || undefined);
    const add = findOpen('dialog', 'Add claim type');
    const edit = findOpen('dialog', 'Edit claim type');
    expect(add !== null, 'the Add dialog').toBe(m.dialog === 'add');
    expect(edit !== null, 'the Edit dialog').toBe(m.dialog === 'edit');
    expect(findOpen('alertdialog', 'Delete this claim type?') !== null, 'the confirmation').toBe(
      m.confirming,
    );
  }),
  initial: 'list',
  states: {
    list: {
      on: {
        'user.addsType': {
          target: 'saving',
          actions: assign({
            dialog: 'add',
            toast: null,
            requests: ({ context }) => [...context.requests, { method: 'POST', path: TYPES, body: ADD_BODY }],
          }),
        },
        'user.editsTransport': {
          target: 'saving',
          actions: assign({
            dialog: 'edit',
            toast: null,
            requests: ({ context }) => [
              ...context.requests,
              { method: 'PUT', path: `${TYPES}/1`, body: EDIT_BODY },
            ],
          }),
        },
        'user.asksToDelete': { target: 'confirming', actions: assign({ confirming: true, toast: null }) },
      },
    },
    saving: {
      on: {
        'server.saves': {
          target: 'list',
          actions: assign({
            toast: ({ context }) =>
              context.dialog === 'add'
                ? { title: 'Claim type added', description: 'Parking' }
                : { title: 'Claim type saved', description: 'Transport' },
            names: ({ context }) =>
              context.dialog === 'add' ? [...context.names, 'Parking'].sort() : context.names,
            dialog: null,
          }),
        },
      },
    },
    confirming: {
      on: {
        'user.cancelsDelete': { target: 'list', actions: assign({ confirming: false }) },
        'user.confirmsDelete': {
          target: 'deleting',
          actions: assign({
            requests: ({ context }) => [
              ...context.requests,
              { method: 'DELETE', path: `${TYPES}/1`, body: null },
            ],
          }),
        },
      },
    },
    deleting: {
      on: {
        'server.archives': {
          target: 'list',
          actions: assign({
            confirming: false,
            // Transport had claims: archived, it stays in the list, marked.
            names: ({ context }) =>
              context.names.map((name) => (name === 'Transport' ? 'TransportArchived' : name)),
            toast: { title: 'Claim type archived', description: '' },
          }),
        },
      },
    },
  },
});

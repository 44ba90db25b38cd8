import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { assign, setup } from 'xstate';
import { expectToast, type RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { typedAs } from './form.model';

/**
 * An editable panel with its form, as spec section 2 (My profile, user detail, Pay Items) describes it: the
 * panel shows read-only rows of what is stored and a pencil; the pencil opens its form from the stored values;
 * Save is disabled while nothing differs from what is stored and while saving ('Processing...', section 8),
 * Cancel restores the stored values and sends nothing. Section 5 gives each field's message; section 7 the
 * requests a save makes; section 8 the toasts. One model for every panel, parametrised by a `PanelSpec`.
 *
 * When messages show is ours (the spec names only the texts): a field's message shows once the user leaves
 * it; a message showing follows what is typed (it changes, or goes once the value is right); a Save refused
 * by the checks shows every message and sends nothing.
 */

export type Values = Record<string, string>;

export interface PanelSpec {
  /** The panel's heading, its form's name, and its pencil's 'Edit <title>'. */
  title: string;
  /** What the server holds when the screen opens. */
  stored: Values;
  /** The fields the form shows, by name, with their labels (spec section 3's fields). */
  labels: Record<string, string>;
  /** The input's name where it is not the field's (an allowance per leave type id). */
  inputName?: (field: string) => string;
  /** Date fields, typed and shown as dd/mm/yyyy (tests/models/form.model.ts, `dates`). */
  dates?: readonly string[];
  /** Spec section 5: the message each field shows for these values (undefined when it is right). */
  errors: (values: Values) => Record<string, string | undefined>;
  /** Fields the form shows but this user may not change (staff see their NRIC/FIN). */
  readOnlyFields?: readonly string[];
  /** The read-only rows (label, text) the panel shows for what is stored (spec section 9's formats). */
  rows: (stored: Values) => ReadonlyArray<readonly [string, string]>;
  /**
   * Spec section 7: the requests Save sends for what is typed, in order. They go one at a time (ours), the
   * next once the last is answered, and a refusal stops the rest.
   */
  requests: (stored: Values, values: Values) => Request[];
  /** Spec section 8's toasts (title, description). */
  toasts: { saved: readonly [string, string?]; failed: readonly [string, string?] };
  /** The server's message for a refused save: it stays above Save after the toast. */
  refusalMessage: string;
  /** Fields the form fills itself when another changes (official CPF rates for a new CPF type). */
  follows?: (values: Values, changed: string) => Values;
  /** What the screen around the panel shows whatever the panel does (the URL, the page's heading). */
  around?: () => void;
}

export interface PanelModel {
  /** What the server holds. */
  stored: Values;
  /** What the form shows (while editing or saving). */
  values: Values;
  /** The messages showing, by field. */
  showing: Record<string, string>;
  /** The toast the last step raised. */
  toast: 'saved' | 'failed' | null;
  /** Every write the server has answered so far, in order. */
  sent: Request[];
}

type Request = { method: string; path: string; body: unknown };

export type PanelEvent =
  | { type: 'user.edits' }
  | { type: 'user.types'; name: string; value: string }
  | { type: 'user.leaves'; name: string }
  | { type: 'user.saves' }
  | { type: 'user.cancels' }
  | { type: 'server.saves' }
  | { type: 'server.refuses' };

/** Where the panel is on screen: the card under its heading. */
export function panelCard(title: string): HTMLElement {
  const headings = screen.getAllByRole('heading', { name: title, level: 2 });
  const cards = headings.map((h) => h.closest('.chakra-card__body')).filter(Boolean) as HTMLElement[];
  expect(cards, `one '${title}' panel`).toHaveLength(1);
  return cards[0] as HTMLElement;
}

export const panelForm = (title: string) => screen.queryByRole('form', { name: title });

/** Save, found by type: its text is what the model checks. */
export function saveButton(form: HTMLElement): HTMLButtonElement {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('no Save button');
  return button;
}

export function cancelButton(form: HTMLElement): HTMLButtonElement {
  const button = [...form.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Cancel');
  if (!button) throw new Error('no Cancel button');
  return button;
}

export function fieldInput(spec: PanelSpec, form: HTMLElement, name: string): HTMLInputElement {
  const inputName = spec.inputName?.(name) ?? name;
  const element = form.querySelector<HTMLInputElement>(
    `input[name="${inputName}"], select[name="${inputName}"], textarea[name="${inputName}"]`,
  );
  if (!element) throw new Error(`No ${name} field in the '${spec.title}' form`);
  return element;
}

/** The text beside a read-only row's label. */
function rowText(card: HTMLElement, label: string): string | undefined {
  const term = [...card.querySelectorAll('dt')].find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? undefined;
}

export const differs = (stored: Values, values: Values) =>
  Object.keys(values).some((field) => values[field] !== stored[field]);
const isRight = (spec: PanelSpec, values: Values) =>
  Object.values(spec.errors(values)).every((message) => message === undefined);
const messagesOf = (spec: PanelSpec, values: Values) =>
  Object.fromEntries(
    Object.entries(spec.errors(values)).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );

/** The screen can do it now: only an enabled Save saves, and typing changes something. */
export function panelCanProduce(spec: PanelSpec) {
  return (model: { context: PanelModel; matches: (state: never) => boolean }, event: PanelEvent) => {
    const { values, stored } = model.context;
    if (event.type === 'user.saves') return differs(stored, values);
    if (event.type === 'user.types')
      return values[event.name] !== event.value && !spec.readOnlyFields?.includes(event.name);
    return true;
  };
}

export const serializePanel = (model: { value: unknown; context: PanelModel }) =>
  JSON.stringify([model.value, model.context.stored, model.context.values, model.context.showing]);

function expectForm(spec: PanelSpec, app: RunningApp, m: PanelModel, saving: boolean) {
  const form = panelForm(spec.title);
  expect(form, `the '${spec.title}' form shows`).not.toBeNull();
  if (!form) return;
  const card = panelCard(spec.title);
  expect(
    within(card).queryByRole('button', { name: `Edit ${spec.title}` }),
    'no pencil while editing',
  ).toBeNull();
  for (const [name, label] of Object.entries(spec.labels)) {
    const input = fieldInput(spec, form, name);
    const shown = input.labels?.[0]?.cloneNode(true) as HTMLElement | undefined;
    for (const hidden of shown?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
    expect(shown?.textContent, `the ${name} field's label`).toBe(label);
    expect(input.value, `${label} shows what was typed`).toBe(typedAs(spec, name, m.values[name] ?? ''));
    expect(input.disabled, `${label} is disabled exactly while saving`).toBe(saving);
    if (spec.readOnlyFields?.includes(name)) expect(input.readOnly, `${label} cannot be changed`).toBe(true);
  }
  // Exactly the messages the model shows, each tied to its field.
  const invalid = [...form.querySelectorAll('[aria-invalid="true"]')].map((el) => el.getAttribute('name'));
  const expected = Object.keys(m.showing).map((name) => spec.inputName?.(name) ?? name);
  expect(invalid.sort(), 'the fields marked invalid').toEqual(expected.sort());
  for (const [name, message] of Object.entries(m.showing)) {
    const input = fieldInput(spec, form, name);
    const tied = document.getElementById(input.getAttribute('aria-errormessage') ?? '');
    expect(tied, `${name}'s message`).toHaveTextContent(message);
  }
  const save = saveButton(form);
  expect(save.textContent?.trim()).toBe(saving ? 'Processing...' : 'Save');
  expect(save.disabled, 'Save is disabled while nothing changed or while saving').toBe(
    saving || !differs(m.stored, m.values),
  );
  expect(cancelButton(form).disabled, 'Cancel is disabled exactly while saving').toBe(saving);
  const pending = app.server.pending().filter((r) => r.method !== 'GET');
  if (saving) {
    expect(
      pending.map((r) => ({ method: r.method, path: r.path, body: r.body })),
      'Save sends what was typed',
    ).toEqual(spec.requests(m.stored, m.values).slice(0, 1));
  } else {
    expect(pending, 'nothing is being sent').toEqual([]);
  }
}

/** What the server was asked to write and answered: exactly what the model's saves sent. */
function expectWrites(app: RunningApp, m: PanelModel) {
  const answered = app.server.requests
    .filter((r) => r.method !== 'GET' && r.answered)
    .map((r) => ({ method: r.method, path: r.path, body: r.body }));
  expect(answered, 'the writes the server answered').toEqual(m.sent);
}

export function createPanelModel(spec: PanelSpec) {
  const typed = ({ context, event }: { context: PanelModel; event: PanelEvent }) => {
    if (event.type !== 'user.types') return {};
    let values = { ...context.values, [event.name]: event.value };
    if (spec.follows) values = { ...values, ...spec.follows(values, event.name) };
    // A message showing follows the value: it changes, or goes once the value is right.
    const now = spec.errors(values);
    const showing = Object.fromEntries(
      Object.keys(context.showing)
        .map((name) => [name, now[name]] as const)
        .filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    return { values, showing, toast: null };
  };
  const left = ({ context, event }: { context: PanelModel; event: PanelEvent }) => {
    if (event.type !== 'user.leaves') return {};
    const { [event.name]: _, ...others } = context.showing;
    const message = spec.errors(context.values)[event.name];
    return { showing: message ? { ...others, [event.name]: message } : others, toast: null };
  };

  return setup({
    types: { context: {} as PanelModel, events: {} as PanelEvent },
    actions: { typed: assign(typed), left: assign(left) },
    guards: { everyFieldRight: ({ context }) => isRight(spec, context.values) },
  }).createMachine({
    id: 'panelModel',
    context: { stored: spec.stored, values: spec.stored, showing: {}, toast: null, sent: [] },
    initial: 'readOnly',
    meta: shows((app, s) => {
      spec.around?.();
      expectWrites(app, s.context as PanelModel);
    }),
    states: {
      readOnly: {
        meta: shows((app, s) => {
          const m = s.context as PanelModel;
          const card = panelCard(spec.title);
          expect(within(card).getByRole('button', { name: `Edit ${spec.title}` })).toBeEnabled();
          expect(panelForm(spec.title), 'no form while read-only').toBeNull();
          for (const [label, text] of spec.rows(m.stored))
            expect(rowText(card, label), `the ${label} row shows what is stored`).toBe(text);
          expect(app.server.pending().filter((r) => r.method !== 'GET')).toEqual([]);
          if (m.toast === 'saved') expectToast(...(spec.toasts.saved as [string, string?]));
        }),
        on: {
          'user.edits': {
            target: 'editing',
            // The form opens from what is stored, with no message showing.
            actions: assign(({ context }) => ({ values: context.stored, showing: {}, toast: null })),
          },
        },
      },
      editing: {
        initial: 'typing',
        meta: shows((app, s) => expectForm(spec, app, s.context as PanelModel, false)),
        on: {
          'user.types': { target: '.typing', actions: 'typed' },
          'user.leaves': { actions: 'left' },
          'user.saves': [
            { guard: 'everyFieldRight', target: 'saving', actions: assign({ toast: null }) },
            {
              // Nothing is sent; every message shows.
              target: '.typing',
              actions: assign(({ context }) => ({ showing: messagesOf(spec, context.values), toast: null })),
            },
          ],
          'user.cancels': {
            target: 'readOnly',
            actions: assign(({ context }) => ({ values: context.stored, showing: {}, toast: null })),
          },
        },
        states: {
          typing: {
            meta: shows(() => {
              const form = panelForm(spec.title);
              expect(form?.querySelector('[data-part="form-error"]'), 'no refusal showing').toBeNull();
            }),
          },
          refused: {
            // What the server refused stays typed, and right: Save sends it again; typing clears the refusal.
            on: {
              'user.types': { target: 'typing', actions: 'typed' },
              'user.leaves': { actions: 'left' },
              'user.saves': { target: '#panelModel.saving', actions: assign({ toast: null }) },
            },
            meta: shows((_app, s) => {
              const m = s.context as PanelModel;
              const form = panelForm(spec.title);
              expect(form?.querySelector('[data-part="form-error"]')).toHaveTextContent(spec.refusalMessage);
              if (m.toast === 'failed') expectToast(...(spec.toasts.failed as [string, string?]));
            }),
          },
        },
      },
      saving: {
        meta: shows((app, s) => expectForm(spec, app, s.context as PanelModel, true)),
        on: {
          'server.saves': {
            target: 'readOnly',
            actions: assign(({ context }) => ({
              stored: context.values,
              showing: {},
              toast: 'saved' as const,
              sent: [...context.sent, ...spec.requests(context.stored, context.values)],
            })),
          },
          'server.refuses': {
            target: 'editing.refused',
            actions: assign(({ context }) => ({
              toast: 'failed' as const,
              sent: [...context.sent, ...spec.requests(context.stored, context.values).slice(0, 1)],
            })),
          },
        },
      },
    },
  });
}

export type PanelModelMachine = ReturnType<typeof createPanelModel>;

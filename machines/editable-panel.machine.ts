import { assign, emit, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import type { UserDetail } from '../src/domain/users';
import { notProvided, type ToastParams } from './effects';

/** Messages by field name, one per field; a key that names no field is a message for the whole panel. */
export type PanelErrors = Record<string, string>;

export type PanelKind =
  | 'profile'
  | 'staffInfo'
  | 'employmentInfo'
  | 'paymentInfo'
  | 'leaveAllowance'
  /** Payment Information Used on Pay Items (machines/payment-snapshot.machine.ts). */
  | 'paymentSnapshot';

/** The record panels of My profile and user detail (the payment snapshot belongs to Pay Items). */
export type RecordPanelKind = Exclude<PanelKind, 'paymentSnapshot'>;

/** A panel's fields as the inputs hold them. */
export type PanelValues = Record<string, string>;

/**
 * What makes one panel what it is, given by whoever spawns it (machines/record-panel-rules.ts, Pay Items): its
 * checks, what a change brings with it, and the spec's toasts.
 */
export interface PanelRules {
  /** The messages the values would show (spec section 5); none when they may be saved. */
  check: (values: PanelValues) => PanelErrors;
  /** What else a change fills in (the payment panel's official CPF rates for the birth date). */
  afterChange?: (draft: PanelValues, field: string, facts: { dateOfBirth: string | null }) => PanelValues;
  toasts: { saved: ToastParams; failed: (error: ApiError) => ToastParams };
}

export interface EditablePanelInput {
  kind: PanelKind;
  rules: PanelRules;
  values: PanelValues;
  /** What the rules may need besides the values (the payment panel's CPF rates follow the birth date). */
  dateOfBirth?: string | null;
  /** Whose record the panel edits, handed to `savePanel`. */
  subject?: PanelSubject;
}

/** Whose record a panel edits: one user's records (My profile, user detail), or one payslip's snapshot. */
export type PanelSubject =
  | { user: UserDetail }
  | { payslip: { userId: number; year: number; month: number } };

export interface EditablePanelContext {
  kind: PanelKind;
  rules: PanelRules;
  subject: PanelSubject | null;
  dateOfBirth: string | null;
  /** What the server holds: Cancel restores these. */
  stored: PanelValues;
  draft: PanelValues;
  errors: PanelErrors;
  error: ApiError | null;
  /**
   * The Leave Allowance panel (issue 17): the entitlement the policies give, by leave type id, which
   * fills a field with nothing stored when editing starts, and the law's minimum, below which a value warns.
   */
  suggested: PanelValues;
  minimums: Record<string, number | null>;
}

/** Told to whoever holds the panel (a screen's parent machine): a save went through. */
export type EditablePanelEmitted = { type: 'panel.saved'; kind: PanelKind; values: PanelValues };

export type EditablePanelEvent =
  | { type: 'panel.edit' }
  | { type: 'panel.change'; field: string; value: string }
  | { type: 'panel.cancel' }
  | { type: 'panel.save' }
  /** From the screen's parent: the entitlements arrived (the Leave Allowance panel). */
  | { type: 'panel.prefill'; values: PanelValues; minimums: Record<string, number | null> };

/** The stored values, with a suggestion in each field that has nothing stored. */
const withSuggestions = (stored: PanelValues, suggested: PanelValues): PanelValues =>
  Object.fromEntries(
    Object.entries(stored).map(([field, value]) => [
      field,
      value === '' ? (suggested[field] ?? value) : value,
    ]),
  );

export const isPanelDirty = (context: Pick<EditablePanelContext, 'stored' | 'draft'>) =>
  Object.keys(context.draft).some((field) => context.draft[field] !== context.stored[field]);

/**
 * One editable panel statechart: `editablePanelMachine` (the record panels) and the payment snapshot of Pay
 * Items (`machines/payment-snapshot.machine.ts`) are both made here, so there is one panel pattern.
 */
export function createEditablePanelMachine(definition: { id: string; description: string }) {
  return setup({
    types: {
      context: {} as EditablePanelContext,
      events: {} as EditablePanelEvent,
      input: {} as EditablePanelInput,
      emitted: {} as EditablePanelEmitted,
    },
    actors: {
      /** Sends the draft; answers the values as stored, which the panel then shows. */
      savePanel: fromPromise<
        PanelValues,
        {
          kind: PanelKind;
          /** The draft to save, and what the server held before (to send only what changed). */
          values: PanelValues;
          stored: PanelValues;
          subject: PanelSubject | null;
        }
      >(notProvided('editable-panel', 'savePanel')),
    },
    actions: {
      notify: notProvided('editable-panel', 'notify') as (_: unknown, params: ToastParams) => void,
    },
    guards: {
      hasChanges: ({ context }) => isPanelDirty(context),
      /** Something changed and the draft passes the panel's checks. */
      canSave: ({ context }) =>
        isPanelDirty(context) && Object.keys(context.rules.check(context.draft)).length === 0,
    },
  }).createMachine({
    id: definition.id,
    description: definition.description,
    context: ({ input }) => ({
      kind: input.kind,
      rules: input.rules,
      subject: input.subject ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      stored: input.values,
      draft: input.values,
      errors: {},
      error: null,
      suggested: {},
      minimums: {},
    }),
    initial: 'readOnly',
    on: {
      'panel.prefill': {
        description: 'The computed entitlements arrived: they fill empty fields when editing starts.',
        actions: assign(({ event }) => ({ suggested: event.values, minimums: event.minimums })),
      },
    },
    states: {
      readOnly: {
        description: 'The stored values; the pencil starts editing.',
        on: {
          'panel.edit': {
            target: 'editing',
            actions: assign(({ context }) => ({
              draft: withSuggestions(context.stored, context.suggested),
              errors: {},
              error: null,
            })),
          },
        },
      },
      editing: {
        description: 'Inputs hold a draft; Save is disabled while nothing changed.',
        initial: 'idle',
        on: {
          'panel.change': {
            description:
              "A field changes, with what the panel's rules fill in after it (the payment panel's official CPF rates); its message and the panel's own clear.",
            actions: assign(({ context, event }) => {
              const changed = { ...context.draft, [event.field]: event.value };
              const draft = context.rules.afterChange
                ? context.rules.afterChange(changed, event.field, { dateOfBirth: context.dateOfBirth })
                : changed;
              const errors = Object.fromEntries(
                Object.entries(context.errors).filter(([key]) => key !== event.field && key in draft),
              );
              return { draft, errors };
            }),
          },
          'panel.cancel': {
            target: 'readOnly',
            description: 'Cancel restores the stored values.',
            actions: assign(({ context }) => ({ draft: context.stored, errors: {} })),
          },
          'panel.save': [
            { guard: 'canSave', target: 'saving' },
            {
              guard: 'hasChanges',
              target: '.invalid',
              actions: assign({ errors: ({ context }) => context.rules.check(context.draft) }),
            },
          ],
        },
        states: {
          idle: { description: 'The admin or staff member types.' },
          invalid: { description: 'Messages show beside the fields.' },
          saveFailed: { description: "The server refused; the panel's failure toast showed." },
        },
      },
      saving: {
        description: 'The change is in flight; Save and Cancel are disabled.',
        invoke: {
          id: 'savePanel',
          src: 'savePanel',
          input: ({ context }) => ({
            kind: context.kind,
            values: context.draft,
            stored: context.stored,
            subject: context.subject,
          }),
          onDone: {
            target: 'readOnly',
            actions: [
              assign(({ event }) => ({ stored: event.output, draft: event.output })),
              { type: 'notify', params: ({ context }) => context.rules.toasts.saved },
              emit(({ context }) => ({
                type: 'panel.saved' as const,
                kind: context.kind,
                values: context.stored,
              })),
            ],
          },
          onError: {
            target: 'editing.saveFailed',
            description: 'The draft stays for another try.',
            actions: [
              assign({ error: ({ event }) => toApiError(event.error) }),
              {
                type: 'notify',
                params: ({ context, event }) => context.rules.toasts.failed(toApiError(event.error)),
              },
            ],
          },
        },
      },
    },
  });
}

export const editablePanelMachine = createEditablePanelMachine({
  id: 'editablePanel',
  description: 'A panel of My profile or user detail: read-only, or editing with Save and Cancel.',
});

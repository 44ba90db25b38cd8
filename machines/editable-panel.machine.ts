import { assign, emit, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { employmentInfoBodySchema } from '../src/domain/employment-info';
import { bodyFieldErrors } from '../src/domain/forms';
import { payrollToasts } from '../src/domain/messages/payroll';
import { recordPanelToasts } from '../src/domain/messages/staff';
import { parseLeaveAllowanceForm } from '../src/domain/onboarding';
import { paymentInfoFormSchema, withOfficialCpfRates } from '../src/domain/payment-info';
import { snapshotFormSchema } from '../src/domain/payslips';
import { staffInfoBodySchema } from '../src/domain/staff-info';
import type { UserDetail } from '../src/domain/users';
import { notProvided, type ToastParams } from './effects';

/** The panels of My profile and user detail (spec section 2), each one instance of this statechart. */
/** Messages by field name, one per field. */
type Errors = Record<string, string>;

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

export interface EditablePanelInput {
  kind: PanelKind;
  values: PanelValues;
  /** The payment panel fills in the official CPF rates for this birth date when the CPF type changes. */
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
  subject: PanelSubject | null;
  dateOfBirth: string | null;
  /** What the server holds: Cancel restores these. */
  stored: PanelValues;
  draft: PanelValues;
  errors: Errors;
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

const ALL_REQUIRED = 'All fields are required.';

/** Each kind's check, with the spec's messages (section 5). */
export function panelErrors(kind: PanelKind, values: PanelValues): Errors {
  switch (kind) {
    case 'profile': {
      const errors: Errors = {};
      for (const field of ['fullName', 'email']) if (!values[field]?.trim()) errors[field] = ALL_REQUIRED;
      return errors;
    }
    case 'staffInfo':
      return bodyFieldErrors(staffInfoBodySchema, values);
    case 'employmentInfo':
      return bodyFieldErrors(employmentInfoBodySchema, values);
    case 'paymentInfo':
      return bodyFieldErrors(paymentInfoFormSchema, values);
    case 'paymentSnapshot':
      return bodyFieldErrors(snapshotFormSchema, values);
    case 'leaveAllowance': {
      // The panel shows every type but Unpaid Leave, keyed by id.
      const types = Object.keys(values).map((id) => ({ id: Number(id), name: id, unlimited: false }));
      const parsed = parseLeaveAllowanceForm(types, values);
      return parsed.ok ? {} : { leave: parsed.message };
    }
  }
}

/** Spec section 8: the toasts of each panel, worded in the features' messages modules. */
export const panelToasts: Record<
  PanelKind,
  { saved: ToastParams; failed: (error: ApiError) => ToastParams }
> = {
  ...recordPanelToasts,
  paymentSnapshot: { saved: payrollToasts.snapshotSaved, failed: payrollToasts.snapshotFailed },
};

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
        isPanelDirty(context) && Object.keys(panelErrors(context.kind, context.draft)).length === 0,
    },
  }).createMachine({
    id: definition.id,
    description: definition.description,
    context: ({ input }) => ({
      kind: input.kind,
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
              'A field changes; in the payment panel a new CPF type or section brings the official rates.',
            actions: assign(({ context, event }) => {
              const { [event.field]: _, leave: __, ...errors } = context.errors;
              const draft = { ...context.draft, [event.field]: event.value };
              const choosesCpf = event.field === 'cpfType' || event.field === 'cpfSection';
              return {
                draft:
                  context.kind === 'paymentInfo' && choosesCpf
                    ? withOfficialCpfRates(draft, context.dateOfBirth)
                    : draft,
                errors,
              };
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
              actions: assign({ errors: ({ context }) => panelErrors(context.kind, context.draft) }),
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
              { type: 'notify', params: ({ context }) => panelToasts[context.kind].saved },
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
                params: ({ context, event }) => panelToasts[context.kind].failed(toApiError(event.error)),
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

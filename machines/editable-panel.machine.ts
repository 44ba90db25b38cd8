import {
  type AnyActorRef,
  type AnyStateMachine,
  assign,
  createMachine,
  emit,
  setup,
  stopChild,
} from 'xstate';
import type { UserDetail } from '../src/domain/users';
import type { FormInput, FormMachine } from './form';

export type PanelKind =
  | 'profile'
  | 'staffInfo'
  | 'employmentInfo'
  | 'paymentInfo'
  | 'leaveAllowance'
  /** Payment Information Used on Pay Items. */
  | 'paymentSnapshot'
  /** User detail's Opening balances (issue 38): the year so far, and the leave days taken before. */
  | 'openingYtd'
  | 'openingLeave';

/** The record panels of My profile and user detail (the payment snapshot belongs to Pay Items). */
export type RecordPanelKind = Exclude<PanelKind, 'paymentSnapshot' | 'openingYtd' | 'openingLeave'>;

/** A panel's fields as the inputs hold them. */
export type PanelValues = Record<string, string>;

/** Whose record a panel edits: one user's records (My profile, user detail), one payslip's snapshot, or one employee's opening of a year. */
export type PanelSubject =
  | { user: UserDetail }
  | { payslip: { userId: number; year: number; month: number } }
  | { opening: { userId: number; year: number } };

/** What a panel's form is given besides its fields: whose record it saves, and what is stored now. */
export interface PanelParams {
  subject: PanelSubject | null;
  /** What the server holds: a save sends only what differs (the Leave Allowance panel's one call per type). */
  stored: PanelValues;
  /** The payment panel's official CPF rates follow the birth date (named apart from staff info's field). */
  birthDate: string | null;
}

export interface EditablePanelInput {
  kind: PanelKind;
  values: PanelValues;
  dateOfBirth?: string | null;
  subject?: PanelSubject;
}

export interface EditablePanelContext {
  kind: PanelKind;
  subject: PanelSubject | null;
  dateOfBirth: string | null;
  /** What the server holds: the read-only rows, and what each editing starts from. */
  stored: PanelValues;
  /**
   * The Leave Allowance panel (issue 17): the entitlement the policies give, by leave type id, which
   * fills a field with nothing stored when editing starts, and the law's minimum, below which a value warns.
   */
  suggested: PanelValues;
  minimums: Record<string, number | null>;
  /** The panel's form while editing (null when read-only). */
  form: AnyActorRef | null;
}

/** Told to whoever holds the panel (a screen's parent machine): a save went through. */
export type EditablePanelEmitted = { type: 'panel.saved'; kind: PanelKind; values: PanelValues };

export type EditablePanelEvent =
  | { type: 'panel.edit' }
  /** Cancel: the stored values show again. */
  | { type: 'panel.cancel' }
  /** From the screen's parent: the entitlements arrived (the Leave Allowance panel). */
  | { type: 'panel.prefill'; values: PanelValues; minimums: Record<string, number | null> }
  | { type: 'xstate.done.actor.form'; output: PanelValues };

/** The stored values, with a suggestion in each field that has nothing stored. */
const withSuggestions = (stored: PanelValues, suggested: PanelValues): PanelValues =>
  Object.fromEntries(
    Object.entries(stored).map(([field, value]) => [
      field,
      value === '' ? (suggested[field] ?? value) : value,
    ]),
  );

/**
 * A panel's form: the one form statechart over the panel's fields, opened with the panel's params. Whoever
 * holds a panel gives it its form (`editablePanelMachine.provide({ actors: { form } })`, see
 * machines/record-panel-forms.ts); the panel knows no kind's form.
 */
// biome-ignore lint/suspicious/noExplicitAny: a panel holds a form whatever its request's data.
export type PanelForm = FormMachine<PanelValues, any, PanelValues, PanelParams>;

/** Where no form was provided: whoever holds the panel must give it its form as the 'form' actor. */
const formNotProvided = createMachine({
  id: 'panelFormNotProvided',
  entry: () => {
    throw new Error("editable-panel: provide the panel's form as the 'form' actor");
  },
}) as AnyStateMachine as unknown as PanelForm;

/** A panel form's request input: what it saves (the schema's data), apart from the panel's params. */
export function panelRequest<T extends PanelParams>({ subject, stored, birthDate: _, ...body }: T) {
  return { subject, stored, body };
}

/** Save is offered once a field differs from what is stored (spec section 2). */
export const differsFromStored = (stored: PanelValues, values: PanelValues) =>
  Object.keys(values).some((field) => values[field] !== stored[field]);

/**
 * An editable panel (spec section 2; decision 0012): read-only rows with a pencil, or its form. The form edits
 * and saves; this flow owns whether it shows, what it starts from, and what is stored once it saved. Every
 * panel is this flow, given its form by whoever holds it (its `form` actor); `kind` only names the panel in
 * what it tells.
 */
export const editablePanelMachine = setup({
  types: {
    context: {} as EditablePanelContext,
    events: {} as EditablePanelEvent,
    input: {} as EditablePanelInput,
    emitted: {} as EditablePanelEmitted,
  },
  actors: { form: formNotProvided },
  guards: {
    /** The save is not out: Cancel cannot leave under it. */
    isFormIdle: ({ context }) => !context.form?.getSnapshot().hasTag('busy'),
  },
}).createMachine({
  id: 'editablePanel',
  description:
    'An editable panel of My profile, user detail or Pay Items: read-only, or its form with Save and Cancel.',
  context: ({ input }) => ({
    kind: input.kind,
    subject: input.subject ?? null,
    dateOfBirth: input.dateOfBirth ?? null,
    stored: input.values,
    suggested: {},
    minimums: {},
    form: null,
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
      on: { 'panel.edit': { target: 'editing', description: 'The form opens from the stored values.' } },
    },
    editing: {
      description: "The panel's form: Save once something changed, Cancel unless saving.",
      entry: assign({
        form: ({ context, spawn }) => {
          const values = withSuggestions(context.stored, context.suggested);
          const input: FormInput<PanelParams> = {
            params: { subject: context.subject, stored: context.stored, birthDate: context.dateOfBirth },
            values,
            // Every stored value is the user's own: no rule fills over it until a field it follows changes.
            edited: Object.fromEntries(Object.keys(values).map((field) => [field, true])),
          };
          return spawn('form', { id: 'form', input });
        },
      }),
      exit: [stopChild('form'), assign({ form: null })],
      on: {
        'panel.cancel': {
          guard: 'isFormIdle',
          target: 'readOnly',
          description: 'Cancel restores the stored values, unless the save is out.',
        },
        'xstate.done.actor.form': {
          target: 'readOnly',
          description: 'Saved: the values as stored show, and whoever holds the panel hears it.',
          actions: [
            assign({ stored: ({ event }) => event.output }),
            emit(({ context }) => ({
              type: 'panel.saved' as const,
              kind: context.kind,
              values: context.stored,
            })),
          ],
        },
      },
    },
  },
});

import { expect } from 'vitest';
import { type AnyMachineSnapshot, assign, setup } from 'xstate';
import type { RunningApp } from '../machines/harness';
import { shows } from '../machines/spec-walk';
import { dayMonthYear } from './calendar-words';

/**
 * A form as spec section 5 describes it (with docs/architecture.md, "How to build a form"): the user types
 * in fields and leaves them; a field typed in says what is wrong with it when left (and, for the rules the
 * spec shows while typing, as soon as it is typed); a submit that finds anything wrong shows every error
 * beside its field and sends nothing; a right submit sends the request, the button reading its busy label
 * and the fields locked; the server accepts (the form is done) or refuses (its reason shows above the
 * button until the user edits, and beside the field the refusal names, and the same values may be sent
 * again). Each form gives its own rules,
 * written in tests/ from the spec: fields and labels, messages, when submit is enabled, its words.
 *
 * What some forms have besides (each optional): values that fill other fields until the user types their
 * own (a CPF type brings its official rates); read-only fields computed from the others and from reference
 * data the screen loads (a leave request's days, counted without a year's public holidays); a file field
 * whose file goes up before the request (and which the drop zone may refuse); and messages from outside the
 * rules (a value the server refused) that show beside their field until it changes, that value never being
 * sent again unchanged.
 */

export type Values = Record<string, string>;
export type Messages = Record<string, string | undefined>;

/**
 * The server's refusal, as the API sends it (spec section 8), with its machine-readable reason and, where
 * one field of the body is at fault, that field's name (docs/guides/add-an-endpoint.md).
 */
export interface Refusal {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  field?: string;
}

export type FormWalkEvent =
  | { type: 'user.types'; name: string; value: string }
  | { type: 'user.leaves'; name: string }
  | { type: 'user.submits' }
  | { type: 'server.accepts'; answer?: unknown }
  | { type: 'server.refuses'; refusal: Refusal }
  /** A file is chosen in the file field (its name shows). */
  | { type: 'user.choosesFile'; name: string; file: File }
  /** The drop zone refuses a file (its type, size or count): its message shows, no file is chosen. */
  | { type: 'user.dropsRefusedFile'; name: string; file: File; message: string }
  /** The server answers the reference data the form asked for (null: it could not be loaded). */
  | { type: 'server.answersReference'; key: string; data: unknown };

export interface FormModelContext {
  values: Values;
  /** The errors showing beside their fields. */
  errors: Record<string, string>;
  /** Fields the user typed in (only these complain when left), sorted. */
  typed: string[];
  /** The server's reason for the last refusal, showing above the submit button. */
  refusal: string | null;
  /** The server answered in the last step: its toast was just raised. */
  answered: 'accepted' | 'refused' | null;
  /** What the form was opened with (a record's id, a period): what the request carries besides the fields. */
  params: unknown;
  /**
   * Messages from outside the rules (the server refused a value, the drop zone a file): each shows beside
   * its field until the field changes; a value refused so is not sent again.
   */
  refused: Record<string, string>;
  /** The reference data the server answered, by key (null: it could not be loaded). */
  reference: Record<string, unknown>;
  /** The file that went up (before a refused request): a retry does not send it again. */
  uploaded: string | null;
  /** What the server answered an accepted request with (the screen may show it). */
  answer: unknown;
}

export interface FormModelInput {
  /** A form opened on stored values (or a wizard step opened again) starts from them. */
  values?: Partial<Values>;
  params?: unknown;
  /** A step opened again: the fields typed in before, and the values the server refused (their messages). */
  typed?: string[];
  refused?: Record<string, string>;
}

type Snapshot = { context: FormModelContext; matches: (value: string) => boolean };
type Check = (app: RunningApp, model: FormModelContext) => void;

export interface FormSpec {
  /** The form's name in the report. */
  id: string;
  /** The form on screen, or null when it is not showing. */
  form: () => HTMLElement | null;
  /** Text inputs and selects by field name, with the label the spec gives them. */
  labels: Record<string, string>;
  /** The input's name on screen where it is not the field's own. */
  inputName?: (field: string) => string;
  /**
   * Date fields: the model holds the day as the request carries it (YYYY-MM-DD); the user types it and reads
   * it day first, dd/mm/yyyy, whatever the browser's locale (issue 34).
   */
  dates?: readonly string[];
  /** Fields that are no labelled input (a radio group): `showsOthers` checks them, the walk's perform drives them. */
  others?: readonly string[];
  showsOthers?: (form: HTMLElement, model: FormModelContext) => void;
  initialValues: Values;
  /** Fields that take no input for these values (no CPF: no rates), beside every field while sending. */
  locked?: (values: Values) => readonly string[];
  /** The spec's message per field for these values, shown when the field is left or a submit finds it. */
  errors: (values: Values) => Messages;
  /** The messages the spec shows while the user types (a confirmation that differs). */
  live?: (values: Values) => Messages;
  /**
   * Values that fill other fields, until the user types their own (race suggests a self-help group, a CPF
   * type brings its official rates): given for the values now, applied to every field not typed in, when
   * the form opens and after every change.
   */
  fills?: (values: Values, params: unknown) => Partial<Values>;
  /** Typing in a field makes these fields follow `fills` again (a new CPF type brings the rates again). */
  refills?: Record<string, readonly string[]>;
  /** Read-only fields computed from the others and the reference data, after every change and answer. */
  derive?: (values: Values, params: unknown, reference: Record<string, unknown>) => Partial<Values>;
  /** The file field: its value is the chosen file's name; the file goes up before the request. */
  file?: {
    name: string;
    /** What shows while the chosen file goes up (before the request is made). */
    showsGoingUp: Check;
    /** Whether a refusal is the upload's own (the file did not go up). */
    uploadRefused: (refusal: Refusal) => boolean;
  };
  /** The spec's rule for an enabled submit button (besides: not while sending). */
  canSubmit?: (values: Values, errors: Record<string, string>) => boolean;
  /**
   * The spec disables submit whenever a value is refused (sign-in, forgot password): no submit ever finds
   * an error, so the model has no such transition.
   */
  submitDisabledWhileInvalid?: boolean;
  submitLabel: string;
  /** The button's label while the request is out; none for a form taken at once (a wizard's step). */
  sendingLabel?: string;
  /** The server's reason shows in the toast only, not above the button (sign-in, issue 34). */
  refusalInToastOnly?: boolean;
  /** Whether the server can refuse (a wizard's step is only handed over, never refused). */
  canBeRefused?: boolean;
  /**
   * The request a right submit sends (spec section 7) and its body for these values: pending exactly while
   * the button reads its busy label. None for a form taken at once.
   */
  request?: {
    method: string;
    path: string;
    okStatus: number;
    body: (values: Values, params: unknown, model: FormModelContext) => unknown;
  };
  /** What holds on screen while the form shows, in every state (the URL, a heading), and per state. */
  showsOpen?: (app: RunningApp, model: FormModelContext, sending: boolean) => void;
  showsSending?: Check;
  showsRefused?: Check;
  /** What the user sees once the server accepted (the toast, where the app went). */
  showsDone: Check;
}

/** Whether the values are right: no message would show anywhere, and no refused value is sent again. */
function valid(spec: FormSpec, { values, refused }: FormModelContext) {
  const all = { ...spec.live?.(values), ...spec.errors(values) };
  return (
    Object.values(all).every((message) => message === undefined) &&
    // A refused file leaves its field empty: nothing of it is sent.
    Object.keys(refused).every((name) => values[name] === '')
  );
}

const defined = (messages: Messages) =>
  Object.fromEntries(Object.entries(messages).filter(([, m]) => m !== undefined)) as Record<string, string>;

/** Whether the submit button is enabled in this model state, by the spec's rule. */
export function submitEnabled(spec: FormSpec, model: AnyMachineSnapshot) {
  const { values, errors } = (model as unknown as Snapshot).context;
  return model.matches({ open: 'editing' }) || model.matches({ open: 'refused' })
    ? (spec.canSubmit?.(values, errors) ?? true)
    : false;
}

/** What the user types for a value: a date field's day as dd/mm/yyyy, anything else as it is. */
export const typedAs = (spec: Pick<FormSpec, 'dates'>, name: string, value: string) =>
  spec.dates?.includes(name) ? dayMonthYear(value) : value;

/** The field's input, checked to be labelled as the spec names it (the hidden required mark left out). */
export function fieldInput(form: HTMLElement, spec: FormSpec, name: string): HTMLInputElement {
  const inputName = spec.inputName?.(name) ?? name;
  const element = form.querySelector<HTMLInputElement>(
    `input[name="${inputName}"], select[name="${inputName}"], textarea[name="${inputName}"]`,
  );
  if (!element) throw new Error(`No ${name} field in the ${spec.id} form`);
  const label = element.labels?.[0]?.cloneNode(true) as HTMLElement | undefined;
  for (const hidden of label?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
  expect(label?.textContent, `the ${name} field's label`).toBe(spec.labels[name]);
  return element;
}

export function formModel(spec: FormSpec) {
  const atOnce = spec.sendingLabel === undefined;

  /** Each field after a change: a live message, or, where one showed, what is wrong now. */
  const afterTyping = (values: Values, showing: Record<string, string>) => {
    const live = spec.live?.(values) ?? {};
    const now = spec.errors(values);
    return defined(
      Object.fromEntries(
        Object.keys(values).map((name) => [name, live[name] ?? (name in showing ? now[name] : undefined)]),
      ),
    );
  };

  /** The values after a change: the fills in the fields not typed in, then the computed fields. */
  const settled = (
    values: Values,
    typed: readonly string[],
    params: unknown,
    reference: Record<string, unknown>,
  ) => {
    const proposed = Object.entries(spec.fills?.(values, params) ?? {}).filter(
      ([name, value]) => name in values && value !== undefined && !typed.includes(name),
    );
    const filled = { ...values, ...Object.fromEntries(proposed) } as Values;
    return { ...filled, ...spec.derive?.(filled, params, reference) } as Values;
  };
  const without = (messages: Record<string, string>, name: string) => {
    const { [name]: _, ...others } = messages;
    return others;
  };

  /** Only a form with a file field has a file chosen or refused; choosing one ends a refusal. */
  const fileEvents = (chosen?: 'editing') =>
    spec.file
      ? {
          'user.choosesFile': { target: chosen, actions: 'chooseFile' as const },
          'user.dropsRefusedFile': { actions: 'refuseFile' as const },
        }
      : {};

  const machine = setup({
    types: {
      context: {} as FormModelContext,
      events: {} as FormWalkEvent,
      input: {} as FormModelInput,
    },
    guards: {
      valid: ({ context }) => valid(spec, context),
    },
    actions: {
      type: assign(({ context, event }) => {
        if (event.type !== 'user.types') return {};
        const following = spec.refills?.[event.name] ?? [];
        const typed = [...new Set([...context.typed, event.name])]
          .filter((name) => !following.includes(name))
          .sort();
        const values = settled(
          { ...context.values, [event.name]: event.value },
          typed,
          context.params,
          context.reference,
        );
        const refused = without(context.refused, event.name);
        return {
          values,
          typed,
          errors: { ...afterTyping(values, context.errors), ...refused },
          refused,
          refusal: null,
          answered: null,
        };
      }),
      chooseFile: assign(({ context, event }) => {
        if (event.type !== 'user.choosesFile') return {};
        return {
          values: { ...context.values, [event.name]: event.file.name },
          typed: [...new Set([...context.typed, event.name])].sort(),
          errors: without(context.errors, event.name),
          refused: without(context.refused, event.name),
          uploaded: null,
          refusal: null,
          answered: null,
        };
      }),
      refuseFile: assign(({ context, event }) => {
        if (event.type !== 'user.dropsRefusedFile') return {};
        return {
          values: { ...context.values, [event.name]: '' },
          errors: { ...context.errors, [event.name]: event.message },
          refused: { ...context.refused, [event.name]: event.message },
          uploaded: null,
          answered: null,
        };
      }),
      takeReference: assign(({ context, event }) => {
        if (event.type !== 'server.answersReference') return {};
        const reference = { ...context.reference, [event.key]: event.data };
        return {
          reference,
          values: {
            ...context.values,
            ...spec.derive?.(context.values, context.params, reference),
          } as Values,
          answered: null,
        };
      }),
      leave: assign(({ context, event }) => {
        if (event.type !== 'user.leaves') return {};
        if (!context.typed.includes(event.name)) return { answered: null };
        const { [event.name]: _, ...others } = context.errors;
        const message =
          context.refused[event.name] ??
          spec.errors(context.values)[event.name] ??
          spec.live?.(context.values)[event.name];
        return { errors: message ? { ...others, [event.name]: message } : others, answered: null };
      }),
      showEveryError: assign(({ context }) => ({
        errors: {
          ...defined({ ...spec.live?.(context.values), ...spec.errors(context.values) }),
          ...context.refused,
        },
        answered: null,
      })),
    },
  }).createMachine({
    id: `${spec.id}Model`,
    context: ({ input }) => ({
      values: settled(
        { ...spec.initialValues, ...(input?.values as Values | undefined) },
        input?.typed ?? [],
        input?.params,
        {},
      ),
      errors: { ...input?.refused },
      typed: [...(input?.typed ?? [])].sort(),
      refusal: null,
      answered: null,
      params: input?.params,
      refused: { ...input?.refused },
      reference: {},
      uploaded: null,
      answer: undefined,
    }),
    initial: 'open',
    states: {
      open: {
        meta: shows((app, m) => {
          const model = (m as unknown as Snapshot).context;
          const sending = m.matches({ open: 'sending' });
          const form = spec.form();
          expect(form, `the ${spec.id} form is on screen`).not.toBeNull();
          if (!form) return;
          for (const name of Object.keys(spec.labels)) {
            const field = fieldInput(form, spec, name);
            const label = spec.labels[name];
            expect(field.value, `${label} shows what was typed`).toBe(
              typedAs(spec, name, model.values[name] ?? ''),
            );
            const locked = sending || (spec.locked?.(model.values).includes(name) ?? false);
            expect(field.disabled, `${label} is locked exactly while sending or taking no input`).toBe(
              locked,
            );
            const error = model.errors[name];
            if (error) {
              expect(field, `${label} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
              const message = document.getElementById(field.getAttribute('aria-errormessage') ?? '');
              expect(message, `${label}'s error, tied to it, in the spec's words`).toHaveTextContent(error, {
                normalizeWhitespace: true,
              });
              expect(message?.textContent).toBe(error);
            } else {
              expect(field, `${label} is not marked invalid`).not.toHaveAttribute('aria-invalid');
            }
          }
          spec.showsOthers?.(form, model);
          const refusal = form.querySelector('[data-part="form-error"]');
          if (model.refusal && !spec.refusalInToastOnly)
            expect(refusal, "the server's reason").toHaveTextContent(model.refusal);
          else expect(refusal, 'no refusal shows').toBeNull();
          // The button by its text: role queries cost a second a step in jsdom.
          const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
          expect(submit?.textContent?.trim(), 'the submit button says what is happening').toBe(
            sending ? spec.sendingLabel : spec.submitLabel,
          );
          expect(submit?.disabled, 'the submit button is enabled exactly as the spec says').toBe(
            !submitEnabled(spec, m),
          );
          // A chosen file goes up first: nothing is sent until it is up.
          const goingUp =
            sending && !!spec.file && model.values[spec.file.name] !== '' && model.uploaded === null;
          if (goingUp) spec.file?.showsGoingUp(app, model);
          if (spec.request) {
            const { method, path, body } = spec.request;
            expect(
              app.server.pending(method, path).map((r) => r.body),
              `${method} ${path} is out exactly while sending (once any file is up), with what was typed`,
            ).toEqual(sending && !goingUp ? [body(model.values, model.params, model)] : []);
          }
          spec.showsOpen?.(app, model, sending);
        }),
        // Only a form whose computed fields count with reference data hears it answered.
        on: spec.derive ? { 'server.answersReference': { actions: 'takeReference' as const } } : {},
        initial: 'editing',
        states: {
          editing: {
            on: {
              'user.types': { actions: 'type' },
              'user.leaves': { actions: 'leave' },
              ...fileEvents(),
              'user.submits': [
                atOnce
                  ? { guard: 'valid', target: '#done', actions: assign({ answered: 'accepted' as const }) }
                  : { guard: 'valid', target: 'sending', actions: assign({ answered: null }) },
                ...(spec.submitDisabledWhileInvalid ? [] : [{ actions: 'showEveryError' as const }]),
              ],
            },
          },
          ...(atOnce
            ? {}
            : {
                sending: {
                  meta: shows((app, m) => spec.showsSending?.(app, (m as unknown as Snapshot).context)),
                  on: {
                    'server.accepts': {
                      target: '#done',
                      actions: assign(({ event }) => ({
                        answered: 'accepted' as const,
                        answer: event.type === 'server.accepts' ? event.answer : undefined,
                      })),
                    },
                    ...(spec.canBeRefused === false
                      ? {}
                      : {
                          'server.refuses': {
                            target: 'refused',
                            actions: assign(({ context, event }) => {
                              if (event.type !== 'server.refuses') return {};
                              const file = spec.file && context.values[spec.file.name];
                              // The file went up unless the upload itself was refused.
                              const wentUp = file && !spec.file?.uploadRefused(event.refusal) ? file : null;
                              // The team's rule: a refusal naming a field of the form shows beside it too.
                              const { field, message } = event.refusal;
                              const beside = field !== undefined && field in context.values;
                              return {
                                refusal: message,
                                errors: beside ? { ...context.errors, [field]: message } : context.errors,
                                answered: 'refused' as const,
                                uploaded: context.uploaded ?? wentUp ?? null,
                              };
                            }),
                          },
                        }),
                  },
                },
              }),
          ...(atOnce || spec.canBeRefused === false
            ? {}
            : {
                refused: {
                  meta: shows((app, m) => spec.showsRefused?.(app, (m as unknown as Snapshot).context)),
                  on: {
                    'user.types': { target: 'editing', actions: 'type' },
                    'user.leaves': { actions: 'leave' },
                    ...fileEvents('editing'),
                    // The values the server refused, unchanged and right, may be sent again; the old reason goes.
                    'user.submits': { target: 'sending', actions: assign({ answered: null, refusal: null }) },
                  },
                },
              }),
        },
      },
      done: {
        id: 'done',
        type: 'final',
        meta: shows((app, m) => spec.showsDone(app, (m as unknown as Snapshot).context)),
      },
    },
  });
  return { spec, machine };
}

export type FormModel = ReturnType<typeof formModel>;

/** What tells model states apart for planning: the state, what is typed, the errors showing, the refusal. */
export const serializeFormModel = (model: AnyMachineSnapshot) => {
  const { values, errors, typed, refusal, refused, reference, uploaded } = model.context as FormModelContext;
  const answered = Object.entries(reference).map(([key, data]) => [key, data === null]);
  return JSON.stringify([model.value, values, errors, typed, refusal, refused, answered, uploaded]);
};

/** The toasts showing, newest last, by title and description. */
export const toasts = () =>
  [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')].map((root) => ({
    title: root.querySelector('[data-part="title"]')?.textContent ?? '',
    description: root.querySelector('[data-part="description"]')?.textContent ?? '',
  }));

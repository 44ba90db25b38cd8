import {
  type AnyActorRef,
  type AnyStateMachine,
  assertEvent,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  fromPromise,
  type MetaObject,
  type PromiseActorLogic,
  type SnapshotFrom,
  type StateMachine,
  type StateSchema,
  setup,
} from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { type FieldErrors, type FormSchema, type FormValues, validateForm } from '../src/domain/forms';
import { notProvided, type ToastParams } from './effects';

/**
 * The one form pattern (docs/guides/build-a-form.md). A form machine holds the typed values
 * and the errors showing beside each field, validates with a zod schema from src/domain, and moves through
 * editing -> submitting -> submitFailed or submitted (final, with the answer). Errors appear when a field the user
 * typed in is left, or a submit finds them, and clear as soon as the field is right again. Every form has
 * this same statechart (decision 0012); forms differ only by what they are given: fields, checks, request,
 * toasts and params. What happens around a form (a dialog, a resend lock, what a field's value stands for
 * and the facts its derived fields count with) is a flow that holds it.
 */

export interface FormContext<TValues extends FormValues, TParams, TOutput> {
  values: TValues;
  /** The errors showing now, one per field. */
  errors: FieldErrors<TValues>;
  /** Fields the user has typed in: only these complain when left (tabbing past, or focus moved by a dialog, does not). */
  edited: Partial<Record<keyof TValues & string, true>>;
  /**
   * Why the server refused the last submit; shown above the submit button until the user edits, and
   * beside the field the server named, if the form has it, until that field is edited or left.
   */
  submitError: string | null;
  /**
   * Facts the request needs besides the fields (the reset link's token), and that derived fields count
   * with; whoever holds the form may give more while it is open (`form.given`).
   */
  params: TParams;
  /** The request's answer, which a finished form hands to whoever invoked it. */
  result: TOutput | null;
  /**
   * Messages from outside the schema (the holder refused a field's value, the server refused a value):
   * each shows beside its field until that field changes.
   */
  refused: FieldErrors<TValues>;
}

export type FieldName<TValues extends FormValues> = keyof TValues & string;

export type FormEvent<TValues extends FormValues> =
  | { type: 'field.change'; name: FieldName<TValues>; value: string }
  | { type: 'field.blur'; name: FieldName<TValues> }
  | { type: 'form.submit' }
  /** Whoever holds the form gives it more params (facts a derived field counts with): fields follow. */
  | { type: 'form.given'; params: Record<string, unknown> }
  /** Whoever holds the form refused a value for a field (before it reached it): the field is left empty. */
  | { type: 'field.refuse'; name: FieldName<TValues>; message: string };

/**
 * What a successful submit does: the form is done, and whoever invoked it takes the answer (the machine's
 * output). A form that ends a workflow names where the app goes next (`goTo`, run by the provided
 * `navigate` action): navigation at a workflow's end belongs to its machine (decision 0007).
 */
export interface AfterSuccess {
  description: string;
  goTo?: (output: never) => string;
}

export interface FormConfig<TValues extends FormValues, TData, TOutput, TParams extends object = object> {
  id: string;
  description: string;
  initialValues: TValues;
  /** Validates on leaving a field and on submit; gives the request's body. */
  schema: FormSchema<TValues, TData>;
  /** Rules checked on every keystroke (a confirmation that differs), when the spec shows them live. */
  typingSchema?: FormSchema<TValues, unknown>;
  /** The request: its actor id (named for its job) and what the user sees meanwhile. */
  request: { id: string; description: string };
  /** The spec's toasts; the params say whose they are where the words depend on it (a pay item's kind). */
  successToast?: (output: TOutput, params: TParams) => ToastParams;
  failureToast: (error: ApiError, params: TParams) => ToastParams;
  afterSuccess: AfterSuccess;
  /**
   * Read-only fields computed from the others (a leave request's days): recomputed after every change and
   * when the form (re)opens, never typed.
   */
  derive?: (values: TValues, params: TParams) => Partial<TValues>;
  /**
   * Editable fields other facts fill in, until the user types their own (a CPF type brings its official
   * rates; race suggests a self-help group). Each rule gives values for some fields from the values and
   * params; it fills them when the form opens and after every change, except a field the user typed in.
   * A change to a field a rule reads `from` makes its fields follow the rule again (a new CPF type brings
   * the official rates again, over rates typed for the old one).
   */
  fills?: ReadonlyArray<FillRule<TValues, TParams>>;
}

export interface FillRule<TValues extends FormValues, TParams> {
  /** The fields it fills (omitted: any field it gives, where the fields are data: one per leave type). */
  fields?: ReadonlyArray<FieldName<TValues>>;
  /** The fields whose change makes its fields follow it again. */
  from: ReadonlyArray<FieldName<TValues>>;
  /** Values for its fields (a field left out keeps what it holds: no official rate is known yet). */
  fill: (values: TValues, params: TParams) => Partial<TValues>;
}

export interface FormInput<TParams, TValues extends FormValues = FormValues> {
  params: TParams;
  /** A form that edits what is stored (the Company page) starts from it instead of the initial values. */
  values?: Partial<TValues>;
  /**
   * A form a flow opens again (a wizard's step the user comes back to): the fields typed in before, and
   * messages from outside the schema (the server refused a value the step holds).
   */
  edited?: Partial<Record<FieldName<TValues>, true>>;
  refused?: FieldErrors<TValues>;
}

/** The errors a change leaves showing: live rules always, and the fields already showing one, re-checked. */
function errorsAfterChange<TValues extends FormValues>(
  schema: FormSchema<TValues, unknown>,
  typingSchema: FormSchema<TValues, unknown> | undefined,
  values: TValues,
  showing: FieldErrors<TValues>,
): FieldErrors<TValues> {
  const full = validateForm(schema, values).errors;
  const live: FieldErrors<TValues> = typingSchema ? validateForm(typingSchema, values).errors : {};
  const next: FieldErrors<TValues> = {};
  for (const name of Object.keys(values) as FieldName<TValues>[]) {
    const message = live[name] ?? (name in showing ? full[name] : undefined);
    if (message) next[name] = message;
  }
  return next;
}

export function createFormMachine<
  TValues extends FormValues,
  TData,
  TOutput,
  TParams extends object = object,
>(config: FormConfig<TValues, TData, TOutput, TParams>) {
  const { schema, typingSchema } = config;
  const withDerived = (values: TValues, params: TParams): TValues =>
    config.derive ? { ...values, ...config.derive(values, params) } : values;
  /** The fill rules' values, in the fields the user has not typed in. */
  const withFills = (values: TValues, params: TParams, edited: Partial<Record<string, true>>): TValues => {
    let filled = values;
    for (const rule of config.fills ?? []) {
      const proposed = Object.entries(rule.fill(filled, params)).filter(
        ([name]) => name in filled && (rule.fields?.includes(name) ?? true) && !edited[name],
      );
      if (proposed.length) filled = { ...filled, ...Object.fromEntries(proposed) };
    }
    return filled;
  };
  /** What the user has typed in after a change: the field, less the fields of rules that read it. */
  const editedAfter = (edited: Partial<Record<string, true>>, name: string) => {
    const next: Partial<Record<string, true>> = { ...edited, [name]: true };
    for (const rule of config.fills ?? []) {
      if (rule.from.includes(name)) for (const field of rule.fields ?? []) delete next[field];
    }
    return next;
  };

  const form = setup({
    types: {
      context: {} as FormContext<TValues, TParams, TOutput>,
      events: {} as FormEvent<TValues>,
      input: {} as FormInput<TParams, TValues>,
      output: {} as TOutput,
    },
    actors: {
      submit: fromPromise<TOutput, SubmitInput<TData, TParams>>(notProvided(config.id, 'submit')),
    },
    actions: {
      notify: notProvided(config.id, 'notify') as (_: unknown, params: ToastParams) => void,
      navigate: notProvided(config.id, 'navigate') as (_: unknown, params: { to: string }) => void,
    },
    guards: {
      // A value the server refused is not sent again unchanged (a value the holder refused leaves it empty).
      isValid: ({ context }) =>
        validateForm(schema, context.values).success &&
        Object.keys(context.refused).every((name) => context.values[name] === ''),
    },
  });

  const changeField = form.assign(({ context, event }) => {
    assertEvent(event, 'field.change');
    const edited = editedAfter(context.edited, event.name);
    const values = withDerived(
      withFills({ ...context.values, [event.name]: event.value }, context.params, edited),
      context.params,
    );
    const { [event.name]: _, ...refused } = context.refused as Record<string, string | undefined>;
    return {
      values,
      edited,
      errors: { ...errorsAfterChange(schema, typingSchema, values, context.errors), ...refused },
      refused: refused as FieldErrors<TValues>,
      submitError: null,
    };
  });
  const refuseField = form.assign(({ context, event }) => {
    assertEvent(event, 'field.refuse');
    return {
      values: { ...context.values, [event.name]: '' },
      errors: { ...context.errors, [event.name]: event.message },
      refused: { ...context.refused, [event.name]: event.message },
    };
  });
  const leaveField = form.assign(({ context, event }) => {
    assertEvent(event, 'field.blur');
    if (!context.edited[event.name]) return {};
    const { [event.name]: _, ...others } = context.errors as Record<string, string | undefined>;
    const message =
      context.refused[event.name] ??
      validateForm(schema, context.values).errors[event.name] ??
      (typingSchema ? validateForm(typingSchema, context.values).errors[event.name] : undefined);
    return { errors: (message ? { ...others, [event.name]: message } : others) as FieldErrors<TValues> };
  });
  const showAllErrors = form.assign(({ context }) => ({
    errors: {
      ...(typingSchema ? validateForm(typingSchema, context.values).errors : {}),
      ...validateForm(schema, context.values).errors,
      ...context.refused,
    },
  }));
  const takeParams = form.assign(({ context, event }) => {
    assertEvent(event, 'form.given');
    const params = { ...context.params, ...event.params } as TParams;
    return { params, values: withDerived(withFills(context.values, params, context.edited), params) };
  });

  const fieldEvents = {
    'field.change': {
      actions: changeField,
      description: 'The user types; errors showing are re-checked.',
    },
    'field.blur': {
      actions: leaveField,
      description: 'Leaving a field the user typed in shows what is wrong with it.',
    },
    'field.refuse': {
      actions: refuseField,
      description:
        'Whoever holds the form refused a value for the field: it stays empty, the message beside it.',
    },
  };
  const validSubmit = {
    guard: 'isValid' as const,
    target: 'submitting',
    actions: form.assign({ submitError: null }),
    description: 'Every field is right: send it.',
  };

  const { afterSuccess, successToast, failureToast } = config;
  const { goTo } = afterSuccess;

  type Ctx = FormContext<TValues, TParams, TOutput>;
  const machineConfig = {
    id: config.id,
    description: config.description,
    context: ({ input }: { input: FormInput<TParams, TValues> }) => ({
      values: withDerived(
        withFills({ ...config.initialValues, ...input.values }, input.params, input.edited ?? {}),
        input.params,
      ),
      errors: { ...input.refused },
      refused: { ...input.refused },
      edited: { ...input.edited },
      submitError: null,
      params: input.params,
      result: null,
    }),
    on: {
      'form.given': {
        actions: takeParams,
        description: 'Whoever holds the form gives it more params: the fields computed from them follow.',
      },
    },
    initial: 'editing',
    output: ({ context }: { context: Ctx }) => context.result as TOutput,
    states: {
      editing: {
        description: 'The user fills in the fields; errors show beside the field they concern.',
        on: {
          ...fieldEvents,
          'form.submit': [
            validSubmit,
            {
              actions: showAllErrors,
              description: 'Something is wrong: every error shows beside its field.',
            },
          ],
        },
      },
      submitting: {
        description: config.request.description,
        tags: ['busy'],
        invoke: {
          id: config.request.id,
          src: 'submit',
          input: ({ context }: { context: Ctx }) => {
            const checked = validateForm(schema, context.values);
            if (!checked.success) throw new Error(`${config.id}: submitting values the schema refuses`);
            return { ...checked.data, ...context.params };
          },
          onDone: {
            target: 'submitted',
            description:
              'Answered: the answer is kept, its toast shows, and the app goes where the workflow ends.',
            actions: form.enqueueActions(({ context, event, enqueue }) => {
              const { output } = event as unknown as DoneActorEvent<TOutput>;
              enqueue.assign({ result: output });
              if (successToast) enqueue({ type: 'notify', params: successToast(output, context.params) });
              if (goTo) enqueue({ type: 'navigate', params: { to: goTo(output as never) } });
            }),
          },
          onError: {
            target: 'submitFailed',
            description:
              'Refused: the reason shows above the button, in the toast, and beside the field the server names.',
            actions: form.enqueueActions(({ context, event, enqueue }) => {
              const error = toApiError((event as unknown as ErrorActorEvent).error);
              // The server names the body's field at fault (`field`); a field this form holds shows it too.
              const { field } = error;
              const beside = field !== undefined && Object.hasOwn(context.values, field);
              enqueue.assign({
                submitError: error.message,
                ...(beside ? { errors: { ...context.errors, [field]: error.message } } : {}),
              });
              enqueue({ type: 'notify', params: failureToast(error, context.params) });
            }),
          },
        },
      },
      submitFailed: {
        description: 'The server refused: its reason shows above the submit button (and in the toast).',
        on: {
          ...fieldEvents,
          'field.change': {
            target: 'editing',
            actions: changeField,
            description: 'Editing clears the refusal.',
          },
          // The values are the ones the server just refused, unchanged and valid: send them again.
          'form.submit': validSubmit,
        },
      },
      submitted: { type: 'final', description: afterSuccess.description },
    },
  } as const;
  // The statechart is the same for every form. TypeScript cannot relate a generic request's done event
  // to the request's output through xstate's config types, so the config is checked against the declared
  // machine type below (context, events, actors, input and output) rather than inferred.
  return form.createMachine(machineConfig as never) as unknown as FormMachine<
    TValues,
    TData,
    TOutput,
    TParams
  >;
}

/** What the request gets: the schema's data and the params. */
export type SubmitInput<TData, TParams> = TData & TParams;

/** The form's states: the same for every form. */
export type FormStateValue = 'editing' | 'submitting' | 'submitFailed' | 'submitted';

export type FormMachine<TValues extends FormValues, TData, TOutput, TParams> = StateMachine<
  FormContext<TValues, TParams, TOutput>,
  FormEvent<TValues>,
  Record<string, AnyActorRef | undefined>,
  { src: 'submit'; logic: PromiseActorLogic<TOutput, SubmitInput<TData, TParams>>; id: string | undefined },
  { type: 'notify'; params: ToastParams } | { type: 'navigate'; params: { to: string } },
  { type: 'isValid'; params: undefined },
  never,
  FormStateValue,
  'busy',
  FormInput<TParams>,
  TOutput,
  EventObject,
  MetaObject,
  StateSchema
>;

/** What every form view reads from its machine's snapshot. */
export interface FormView<TValues extends FormValues> {
  values: TValues;
  errors: FieldErrors<TValues>;
  submitError: string | null;
  submitting: boolean;
  /** Submit is enabled: not sending, and the spec's own rule holds. */
  canSubmit: boolean;
}

type AnyFormSnapshot = SnapshotFrom<AnyStateMachine>;

/** The spec's rule for an enabled submit button, over the values and the errors showing. */
export type CanSubmit<TValues extends FormValues> = (
  values: TValues,
  errors: FieldErrors<TValues>,
) => boolean;

export function formView<TValues extends FormValues>(
  snapshot: AnyFormSnapshot,
  canSubmit: CanSubmit<TValues> = () => true,
): FormView<TValues> {
  const context = snapshot.context as FormContext<TValues, unknown, unknown>;
  const submitting = snapshot.hasTag('busy');
  return {
    values: context.values,
    errors: context.errors,
    submitError: context.submitError,
    submitting,
    canSubmit: !submitting && canSubmit(context.values, context.errors),
  };
}

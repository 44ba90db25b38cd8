import {
  type AnyActorRef,
  type AnyStateMachine,
  assertEvent,
  type CallbackActorLogic,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  fromCallback,
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
 * toasts and reference data. What happens around a form (a dialog, a resend lock) is a flow that holds it.
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
  /** Fixed facts the request needs besides the fields (the reset link's token). */
  params: TParams;
  /** The request's answer, which a finished form hands to whoever invoked it. */
  result: TOutput | null;
  /** Forms with a file field: the chosen file (its name is the field's value), sent with the request. */
  file: File | null;
  /** Reference data the derived fields count with, by key (null: that key could not be loaded). */
  reference: Reference;
  /**
   * Messages from outside the schema (the drop zone refused a file, the server refused a value): each
   * shows beside its field until that field changes.
   */
  refused: FieldErrors<TValues>;
}

/**
 * Reference data the derived fields count with (a year's public holidays), by key. The form's `reference`
 * actor hears the values after every change and answers with what they need (`reference.loaded`); what
 * it loads, when, and what a failure shows are that actor's (the form's statechart is the same for every
 * form).
 */
export type Reference = Readonly<Record<string, readonly string[] | null>>;

export type FieldName<TValues extends FormValues> = keyof TValues & string;

export type FormEvent<TValues extends FormValues> =
  | { type: 'field.change'; name: FieldName<TValues>; value: string }
  | { type: 'field.blur'; name: FieldName<TValues> }
  | { type: 'form.submit' }
  /** Forms with a file field only: a file was chosen, or the drop zone refused one (its message). */
  | { type: 'file.select'; file: File }
  | { type: 'file.reject'; message: string }
  /** Its reference actor's answer: more reference data (see Reference). */
  | { type: 'reference.loaded'; reference: Reference };

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
  derive?: (values: TValues, params: TParams, reference: Reference) => Partial<TValues>;
  /**
   * A field that holds a chosen file (its value is the file's name; `file.select` and `file.reject` set
   * it). The file goes to the request as `file`; uploading it is the request's own first step.
   */
  fileField?: FieldName<TValues>;
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
  const { schema, typingSchema, fileField } = config;
  const withDerived = (values: TValues, params: TParams, reference: Reference = {}): TValues =>
    config.derive ? { ...values, ...config.derive(values, params, reference) } : values;
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
      // A form with no derived fields needs no reference data: by default this hears and answers nothing.
      reference: fromCallback<ValuesEvent<TValues>, { values: TValues; params: TParams }>(() => undefined),
    },
    actions: {
      notify: notProvided(config.id, 'notify') as (_: unknown, params: ToastParams) => void,
      navigate: notProvided(config.id, 'navigate') as (_: unknown, params: { to: string }) => void,
    },
    guards: {
      // A value the server refused is not sent again unchanged (a refused file leaves its field empty).
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
      context.reference,
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
  const tellReference = form.sendTo('reference', ({ context }) => ({
    type: 'values' as const,
    values: context.values,
  }));
  const chooseFile = form.assign(({ context, event }) => {
    assertEvent(event, 'file.select');
    if (!fileField) return {};
    const { [fileField]: _, ...others } = context.errors as Record<string, string | undefined>;
    const { [fileField]: __, ...refused } = context.refused as Record<string, string | undefined>;
    return {
      values: { ...context.values, [fileField]: event.file.name },
      edited: { ...context.edited, [fileField]: true },
      errors: others as FieldErrors<TValues>,
      refused: refused as FieldErrors<TValues>,
      file: event.file,
      submitError: null,
    };
  });
  const refuseFile = form.assign(({ context, event }) => {
    assertEvent(event, 'file.reject');
    if (!fileField) return {};
    return {
      values: { ...context.values, [fileField]: '' },
      errors: { ...context.errors, [fileField]: event.message },
      refused: { ...context.refused, [fileField]: event.message },
      file: null,
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
  const takeReference = form.assign(({ context, event }) => {
    assertEvent(event, 'reference.loaded');
    const reference = { ...context.reference, ...event.reference };
    return { reference, values: withDerived(context.values, context.params, reference) };
  });

  const fieldEvents = {
    'field.change': {
      actions: [changeField, tellReference],
      description: 'The user types; errors showing are re-checked.',
    },
    'field.blur': {
      actions: leaveField,
      description: 'Leaving a field the user typed in shows what is wrong with it.',
    },
    'file.select': {
      actions: chooseFile,
      description: 'A file is chosen (forms with a file field): its name shows.',
    },
    'file.reject': {
      actions: refuseFile,
      description: 'The drop zone refused the file (type, size, count): its message shows.',
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
      file: null,
      reference: {},
    }),
    invoke: {
      id: 'reference',
      src: 'reference',
      input: ({ context }: { context: Ctx }) => ({ values: context.values, params: context.params }),
    },
    on: {
      'reference.loaded': {
        actions: takeReference,
        description:
          "Reference data arrived (forms with derived fields: a leave request's days count a year's public holidays): they are counted again.",
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
            return fileField
              ? { ...checked.data, ...context.params, file: context.file }
              : { ...checked.data, ...context.params };
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
            actions: [changeField, tellReference],
            description: 'Editing clears the refusal.',
          },
          'file.select': {
            target: 'editing',
            actions: chooseFile,
            description: 'Choosing another file clears the refusal.',
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

/** What the form tells its reference actor after every change: the values now. */
export interface ValuesEvent<TValues extends FormValues> {
  type: 'values';
  values: TValues;
}

/** What the request gets: the schema's data and the fixed params, and the chosen file for a file form. */
export type SubmitInput<TData, TParams> = TData & TParams & { file?: File | null };

/** The form's states: the same for every form. */
export type FormStateValue = 'editing' | 'submitting' | 'submitFailed' | 'submitted';

export type FormMachine<TValues extends FormValues, TData, TOutput, TParams> = StateMachine<
  FormContext<TValues, TParams, TOutput>,
  FormEvent<TValues>,
  Record<string, AnyActorRef | undefined>,
  | { src: 'submit'; logic: PromiseActorLogic<TOutput, SubmitInput<TData, TParams>>; id: string | undefined }
  | {
      src: 'reference';
      logic: CallbackActorLogic<ValuesEvent<TValues>, { values: TValues; params: TParams }>;
      id: 'reference';
    },
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

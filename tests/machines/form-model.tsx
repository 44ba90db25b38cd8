import { fireEvent } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventObject,
  InputFrom,
  InspectionEvent,
} from 'xstate';
import type { FormContext } from '../../machines/form';
import { formatTransition } from '../../machines/transitions';
import type { ApiError } from '../../src/domain/auth';
import {
  createCoverageRecorder,
  describeEvent,
  type PlannedPath,
  planScenario,
  planTransitionPaths,
  requiredHere,
  serializeForm,
} from './coverage';
import { advanceThroughDelay, type RunningApp, settle, useAppHarness } from './harness';

/**
 * The model-based test of a form machine (docs/decisions/0001), shared by every form: paths planned from the
 * real machine are walked through the real app. Fields change and lose focus through DOM events on the real
 * inputs, submit goes through the real form (only when its button is enabled), the request is answered at
 * the fetch level and delays pass on the fake clock. After every step the form's own actor must hold what
 * the model holds (state, values, errors) and the screen must show it: every value, every error beside its
 * field with `aria-invalid`, the server's refusal, and the submit button enabled exactly when it should be.
 */

type Ctx = FormContext<Record<string, string>, unknown, unknown>;

export type FormModelEvent =
  | { type: 'field.change'; name: string; value: string }
  | { type: 'field.blur'; name: string }
  | { type: 'form.submit' }
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'file.select'; file: File }
  | { type: 'file.reject'; message: string }
  | { type: 'reference.loaded'; reference: Record<string, readonly string[] | null> }
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: ApiError; actorId: string }
  | { type: `xstate.after.${string}` };

export interface FormModel<TMachine extends AnyStateMachine> {
  machine: TMachine;
  /** Where the form can be met: the app rendered and the form brought on screen. */
  starts: ReadonlyArray<{
    name: string;
    input: InputFrom<TMachine>;
    open: (inspect: Inspect) => Promise<RunningApp>;
  }>;
  events: FormModelEvent[];
  /** Where a screen runs several forms of the one machine (Pay Items' kinds): the walked one's actor id. */
  actorId?: string;
  /** Field labels by field name. */
  labels: Record<string, string>;
  /** The input's name on screen, where it is not the field's own (an allowance per leave type id). */
  inputName?: (field: string) => string;
  /**
   * Fields that are not a text input (a radio group): `perform` changes them and `expectScreen` checks
   * them; they have no entry in `labels`.
   */
  customFields?: string[];
  /** The form element on screen, or null when the form is not showing. */
  form: () => HTMLElement | null;
  /** The submit button's accessible name in a snapshot (e.g. 'Login', 'Processing...'). */
  submitName: (snapshot: AnyMachineSnapshot) => string;
  /**
   * The spec's rule for an enabled submit button (over the form's own values and the errors showing),
   * written in the test from spec section 5, never imported from the app.
   */
  canSubmit?: (values: never, errors: never) => boolean;
  /**
   * Spec section 5's message for each field that may show one, given what is typed: the text (or the
   * texts, where the spec words it differently on typing and on submit) a showing error must have.
   * Written in the test from the spec; when the form shows an error, its text is checked against this,
   * so a changed or swapped message fails even though the machine and the screen agree.
   */
  specErrors: (values: Record<string, string>) => Record<string, string | readonly string[] | undefined>;
  /** The request the form's submit actor makes; the fake server answers it when the model says so. */
  request?: { method: string; path: string; okStatus: number };
  /**
   * A form whose answer comes at once, with no request (a wizard's step is taken as soon as it is sent):
   * that answer, which the model takes in the same step as the submit.
   */
  atOnce?: FormModelEvent[];
  /**
   * Answers the requests of another actor of the form (an upload's grant and PUT); returns false for the
   * events it leaves to `request`.
   */
  answer?: (app: RunningApp, event: FormModelEvent) => Promise<boolean>;
  /**
   * What this form's screen cannot produce of the one form statechart (see model-walk's notOnThisScreen):
   * `NO_FILE` (no file field), `NO_REFERENCE` (nothing derived from reference data), `SUBMIT_DISABLED_WHILE_INVALID`.
   */
  notOnThisForm: readonly string[];
  /** Whether the screen can produce an event of the form's own (its reference data arriving) now. */
  canProduce?: (snapshot: AnyMachineSnapshot, event: FormModelEvent) => boolean;
  /** Paths worth walking whatever the coverage plan chose (from the first start), e.g. every field filled. */
  scenarios?: FormModelEvent[][];
  /** Events that are not field, submit or request events (opening and closing a dialog). */
  perform?: (app: RunningApp, event: FormModelEvent) => Promise<void>;
  /** What else a user sees in a snapshot (toasts, where the app went, what was sent). */
  expectScreen?: (app: RunningApp, snapshot: AnyMachineSnapshot, event: FormModelEvent | null) => void;
}

type Inspect = (event: InspectionEvent) => void;

// The screens' exclusions live with the spec walks; the panel walks (panel-model.ts) still take them here.
export { NO_FILE, NO_REFERENCE, SUBMIT_DISABLED_WHILE_INVALID } from './spec-form';

/**
 * The field's input or select, checked to be labelled as the spec names it (found by name: label queries are
 * slow). The required mark is not part of the name: it is hidden from assistive technology.
 */
function input(form: HTMLElement, name: string, label: string): HTMLInputElement {
  const element = form.querySelector<HTMLInputElement>(`input[name="${name}"], select[name="${name}"]`);
  if (!element) throw new Error(`No ${name} field in the form`);
  const shown = element.labels?.[0]?.cloneNode(true) as HTMLElement | undefined;
  for (const hidden of shown?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
  expect(shown?.textContent, `the ${name} field's label`).toBe(label);
  return element;
}

/** The screen shows what the form machine holds. */
function expectForm<TMachine extends AnyStateMachine>(model: FormModel<TMachine>, s: AnyMachineSnapshot) {
  const form = model.form();
  const showing = ['editing', 'submitting', 'submitFailed'].some((state) => s.matches(state));
  if (!showing) return;
  expect(form, 'the form is on screen').not.toBeNull();
  if (!form) return;
  const context = s.context as Ctx;
  const view = { submitting: s.matches('submitting'), canSubmit: submitEnabled(model, s) };
  for (const [name, label] of Object.entries(model.labels)) {
    const field = input(form, model.inputName?.(name) ?? name, label);
    expect(field.value, `${label} shows what was typed`).toBe(context.values[name]);
    expect(field.disabled, `${label} is disabled while submitting`).toBe(view.submitting);
    const error = context.errors[name];
    if (error) {
      const allowed = model.specErrors(context.values)[name];
      expect([allowed ?? []].flat(), `the spec's message for ${label}`).toContain(error);
      expect(field, `${label} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
      const message = document.getElementById(field.getAttribute('aria-errormessage') ?? '');
      expect(message, `${label}'s error is tied to it`).toHaveTextContent(error);
    } else {
      expect(field, `${label} is not marked invalid`).not.toHaveAttribute('aria-invalid');
    }
  }
  // Every error the form holds (selects and drop zones included) reads as the spec words it.
  const spec = model.specErrors(context.values);
  for (const [name, message] of Object.entries(context.errors)) {
    if (message) expect([spec[name] ?? []].flat(), `the spec's message for ${name}`).toContain(message);
  }
  // A form said to have no file field has none on screen.
  if (model.notOnThisForm.includes('file.select'))
    expect(form.querySelector('input[type="file"]')).toBeNull();
  const refusal = form.querySelector('[data-part="form-error"]');
  if (context.submitError) expect(refusal).toHaveTextContent(context.submitError);
  else expect(refusal).toBeNull();
  // The button by its text: role queries would cost a second a step in jsdom.
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  expect(submit?.textContent?.trim(), 'the submit button says what is happening').toBe(model.submitName(s));
  if (view.canSubmit) expect(submit).toBeEnabled();
  else expect(submit).toBeDisabled();
}

/** Whether the screen can produce the event now: a change must change something, submit needs its button. */
function canProduce<TMachine extends AnyStateMachine>(
  model: FormModel<TMachine>,
  s: AnyMachineSnapshot,
  e: EventObject,
) {
  const context = s.context as Ctx;
  if (e.type === 'field.change') {
    const { name, value } = e as Extract<FormModelEvent, { type: 'field.change' }>;
    return context.values[name] !== value;
  }
  if (e.type === 'form.submit') return submitEnabled(model, s);
  return model.canProduce?.(s, e as FormModelEvent) ?? true;
}

/** Spec section 5: submit is enabled unless the request is out or the spec's own rule for the form says no. */
function submitEnabled<TMachine extends AnyStateMachine>(model: FormModel<TMachine>, s: AnyMachineSnapshot) {
  const { values, errors } = s.context as Ctx;
  const rule = model.canSubmit as ((v: typeof values, e: typeof errors) => boolean) | undefined;
  return !s.matches('submitting') && (rule?.(values, errors) ?? true);
}

async function perform<TMachine extends AnyStateMachine>(
  model: FormModel<TMachine>,
  app: RunningApp,
  step: PlannedPath<TMachine, FormModelEvent>['steps'][number],
  recorder: ReturnType<typeof createCoverageRecorder>,
) {
  const event = step.event;
  const form = () => {
    const element = model.form();
    if (!element) throw new Error(`The form is not on screen for ${event.type}`);
    return element;
  };
  const label = (name: string) => model.labels[name] ?? name;
  const inputName = (name: string) => model.inputName?.(name) ?? name;
  const custom = 'name' in event && model.customFields?.includes(event.name);
  const actorEvent =
    event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.');
  if (custom && model.perform) {
    await model.perform(app, event);
  } else if (actorEvent && model.answer && (await model.answer(app, event))) {
    // answered by the model
  } else if (event.type === 'field.change') {
    fireEvent.change(input(form(), inputName(event.name), label(event.name)), {
      target: { value: event.value },
    });
  } else if (event.type === 'field.blur') {
    fireEvent.focusOut(input(form(), inputName(event.name), label(event.name)));
  } else if (event.type === 'form.submit') {
    // Implicit submission (Enter) and a click on the enabled button both end here.
    fireEvent.submit(form());
  } else if (event.type.startsWith('xstate.done.actor.') && model.request) {
    const output = 'output' in event ? event.output : undefined;
    app.server.answer(model.request.method, model.request.path, model.request.okStatus, output ?? {});
  } else if (event.type.startsWith('xstate.error.actor.') && 'error' in event && model.request) {
    app.server.answer(model.request.method, model.request.path, event.error.statusCode, event.error);
  } else if (event.type.startsWith('xstate.after.')) {
    const mark = recorder.mark();
    await advanceThroughDelay(model.machine, event.type, () =>
      step.expects.every((k) => recorder.since(mark).includes(k)),
    );
  } else if (model.perform) {
    await model.perform(app, event);
  } else {
    throw new Error(`The test cannot produce ${event.type}`);
  }
  await settle();
}

function stepLabel(event: FormModelEvent): string {
  if (event.type === 'field.change') return `${event.name} = '${event.value}'`;
  if (event.type === 'field.blur') return `leave ${event.name}`;
  if (event.type === 'reference.loaded')
    return `reference ${Object.entries(event.reference)
      .map(([key, data]) => (data ? key : `${key} unavailable`))
      .join(', ')}`;
  return describeEvent(event);
}

export function describeFormModel<TMachine extends AnyStateMachine>(
  title: string,
  model: FormModel<TMachine>,
) {
  const recorder = createCoverageRecorder(model.machine);
  const required = requiredHere(model.notOnThisForm);
  const { paths: planned, unreachable } = planTransitionPaths(model.machine, {
    starts: model.starts,
    events: model.events,
    canProduce: (s, e) => canProduce(model, s as AnyMachineSnapshot, e),
    serialize: serializeForm,
    atOnce: model.atOnce,
  });
  // Beside the coverage plan, the core of the pattern for every field: type, clear, leave; the field must
  // then say what is wrong (when its schema finds anything), marked invalid.
  const opener = model.starts[0];
  const changes = model.events.filter((e) => e.type === 'field.change') as Array<
    Extract<FormModelEvent, { type: 'field.change' }>
  >;
  const prelude = model.events.filter((e) => e.type === 'dialog.open');
  const scenarios = opener
    ? Object.keys(model.labels).flatMap((name) => {
        const typed = changes.find((e) => e.name === name && e.value !== '');
        const cleared = changes.find((e) => e.name === name && e.value === '');
        if (!typed || !cleared) return [];
        const leave: FormModelEvent = { type: 'field.blur', name };
        return [
          planScenario<TMachine, FormModelEvent>(
            model.machine,
            opener,
            [...prelude, typed, cleared, leave],
            model.atOnce,
          ),
        ];
      })
    : [];
  const named = opener
    ? (model.scenarios ?? []).map((events) =>
        planScenario<TMachine, FormModelEvent>(model.machine, opener, events, model.atOnce),
      )
    : [];
  const paths = [...planned, ...scenarios, ...named];
  // What the named scenarios take counts as reachable too (a step whose every field must be filled first).
  const inScenarios = new Set(named.flatMap((path) => path.steps.flatMap((step) => step.expects)));
  const notReached = unreachable.filter((t) => !inScenarios.has(t.key));

  /**
   * The form's actor lives inside the app (the session's child or the screen's own); the inspector finds it.
   * A path follows the actor that was there when the form opened, up to its final state, even if its parent
   * then starts a fresh one.
   */
  let latest: AnyActorRef | null = null;
  let walked: AnyActorRef | null = null;
  const inspect: Inspect = (event) => {
    recorder.inspect(event);
    const logic =
      event.type === '@xstate.actor' ? (event.actorRef as { logic?: { id?: string } }).logic : null;
    const actorRef = event.actorRef as AnyActorRef;
    if (logic?.id === model.machine.id && (!model.actorId || actorRef.id === model.actorId))
      latest = actorRef;
  };
  const current = (): AnyMachineSnapshot => {
    if (!walked) throw new Error(`No ${model.machine.id} actor is running`);
    return walked.getSnapshot();
  };

  const pathName = (path: PlannedPath<TMachine, FormModelEvent>) =>
    `${path.start}: ${path.steps.map((step) => stepLabel(step.event)).join(' → ') || '(opened)'}`;

  describe(title, () => {
    useAppHarness();

    it('the model can reach every transition', () => {
      expect(notReached.filter(required).map(formatTransition)).toEqual([]);
    });

    it.each(paths.map((path) => [pathName(path), path] as const))(
      '%s',
      { timeout: 60_000 },
      async (_, path) => {
        const start = model.starts.find((s) => s.name === path.start);
        if (!start) throw new Error(`unknown start ${path.start}`);
        latest = null;
        const app = await start.open(inspect);
        walked = latest;
        expect(serializeForm(current())).toBe(serializeForm(path.initial as AnyMachineSnapshot));
        expectForm(model, current());
        model.expectScreen?.(app, current(), null);
        for (const step of path.steps) {
          const mark = recorder.mark();
          await perform(model, app, step, recorder);
          const context = `after ${stepLabel(step.event)}`;
          expect(serializeForm(current()), context).toBe(serializeForm(step.state as AnyMachineSnapshot));
          for (const key of step.expects)
            expect(recorder.since(mark), `${context}: took ${key}`).toContain(key);
          expectForm(model, current());
          model.expectScreen?.(app, current(), step.event);
        }
      },
    );

    afterAll(() => console.info(recorder.report()));

    it(`walked every transition of the ${model.machine.id} machine`, () => {
      expect(recorder.missing().filter(required).map(formatTransition), recorder.report()).toEqual([]);
    });
  });
}

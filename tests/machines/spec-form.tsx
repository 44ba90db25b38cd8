import { fireEvent } from '@testing-library/react';
import type { AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import {
  type FormModel,
  type FormModelContext,
  type FormModelInput,
  type FormWalkEvent,
  fieldInput,
  serializeFormModel,
  submitEnabled,
  typedAs,
} from '../models/form.model';
import { describeEvent } from './coverage';
import { type RunningApp, settle } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * A form's walk from its spec model (tests/models/form.model.ts) through the real app: fields change and
 * are left through DOM events on the real inputs, submit goes through the real form (only when the spec
 * says its button is enabled), and the request is answered by the fake server. The app's form machine is
 * only followed, to prove it takes no transition the model lacks.
 */

// What a form's screen cannot produce of the app's one form statechart (its `notOnThisScreen`): the app's
// transitions the walk does not require there.
/** A form no flow refuses a value of (a document the drop zone refused): no field is refused from outside. */
export const NO_FILE = ['field.refuse'] as const;
/** A form whose fields derive nothing from facts given while it is open (a year's public holidays). */
export const NO_REFERENCE = ['form.given'] as const;
/**
 * Spec section 5 disables this form's submit button exactly while its values are refused (login, forgot
 * password), so no refused submit reaches the form: its show-every-error branch is never taken here.
 */
export const SUBMIT_DISABLED_WHILE_INVALID = ['form.submit [otherwise]'] as const;

export interface SpecForm<TEvent extends { type: string } = never> {
  title: string;
  form: FormModel;
  starts: ReadonlyArray<{
    name: string;
    input?: FormModelInput;
    open: (inspect: (event: InspectionEvent) => void) => Promise<RunningApp>;
  }>;
  /** The typed values, leaves, submits and answers the walk may use (few values: each is a model state). */
  events: ReadonlyArray<FormWalkEvent | TEvent>;
  app: {
    machine: AnyStateMachine;
    isUnderTest?: (snapshot: AnyMachineSnapshot) => boolean;
    notOnThisScreen?: readonly string[];
    holds?: readonly AnyStateMachine[];
  };
  /** Whether the screen can produce the event now, besides the form's own rules (reference data only once asked for). */
  canProduce?: (model: FormModelContext, event: FormWalkEvent | TEvent) => boolean;
  /** Drives what is no labelled input (a radio group, a select of its own) and the suite's own events. */
  perform?: (app: RunningApp, event: FormWalkEvent | TEvent) => Promise<boolean>;
  /** Paths a reviewer wants to see whatever the planner picks, by name. */
  scenarios?: ReadonlyArray<{ name: string; start?: string; events: Array<FormWalkEvent | TEvent> }>;
}

function label(event: FormWalkEvent | { type: string }): string {
  const e = event as FormWalkEvent;
  if (e.type === 'user.types')
    return `${e.name} = '${e.value.length > 20 ? `${e.value.slice(0, 20)}…` : e.value}'`;
  if (e.type === 'user.leaves') return `leave ${e.name}`;
  if (e.type === 'server.refuses') return `server refuses (${e.refusal.statusCode})`;
  if (e.type === 'user.choosesFile') return `choose ${e.file.name}`;
  if (e.type === 'user.dropsRefusedFile') return `drop ${e.file.name} (refused)`;
  if (e.type === 'server.answersReference')
    return `${e.key} answered${e.data === null ? ' unavailable' : ''}`;
  return describeEvent(e);
}

export function describeSpecForm<TEvent extends { type: string } = never>(walk: SpecForm<TEvent>) {
  const { spec, machine } = walk.form;
  type Event = FormWalkEvent | TEvent;
  // For every field that can be typed in and cleared: type, clear, leave; the field must then say so.
  const opener = walk.starts[0]?.name;
  const typings = walk.events.filter((e) => e.type === 'user.types') as Array<
    Extract<FormWalkEvent, { type: 'user.types' }>
  >;
  const everyField = [...Object.keys(spec.labels), ...(spec.others ?? [])].flatMap((name) => {
    const typed = typings.find((e) => e.name === name && e.value !== '');
    const cleared = typings.find((e) => e.name === name && e.value === '');
    if (!typed || !cleared) return [];
    const leave: FormWalkEvent = { type: 'user.leaves', name };
    return [{ name: `${name} typed, cleared and left`, start: opener, events: [typed, cleared, leave] }];
  });

  describeSpecWalk<typeof machine, Event>({
    title: walk.title,
    model: machine,
    starts: walk.starts.map((s) => ({ name: s.name, input: s.input ?? {} })),
    events: walk.events,
    serialize: serializeFormModel,
    canProduce(model, event) {
      const context = model.context as FormModelContext;
      if (event.type === 'user.types') {
        const { name, value } = event as Extract<FormWalkEvent, { type: 'user.types' }>;
        return context.values[name] !== value;
      }
      if (event.type === 'user.submits' && !submitEnabled(spec, model as AnyMachineSnapshot)) return false;
      return walk.canProduce?.(context, event) ?? true;
    },
    app: walk.app,
    open(path, inspect) {
      const start = walk.starts.find((s) => s.name === path.start);
      if (!start) throw new Error(`No start named ${path.start}`);
      return start.open(inspect);
    },
    async perform(app, event) {
      const form = () => {
        const element = spec.form();
        if (!element) throw new Error(`The ${spec.id} form is not on screen for ${event.type}`);
        return element;
      };
      if (await walk.perform?.(app, event)) {
        // driven by the suite
      } else if (event.type === 'user.types') {
        const { name, value } = event as Extract<FormWalkEvent, { type: 'user.types' }>;
        fireEvent.change(fieldInput(form(), spec, name), { target: { value: typedAs(spec, name, value) } });
      } else if (event.type === 'user.leaves') {
        const { name } = event as Extract<FormWalkEvent, { type: 'user.leaves' }>;
        fireEvent.focusOut(fieldInput(form(), spec, name));
      } else if (event.type === 'user.submits') {
        // Implicit submission (Enter) and a click on the enabled button both end here.
        fireEvent.submit(form());
      } else if (event.type === 'server.accepts' && spec.request) {
        const { answer } = event as Extract<FormWalkEvent, { type: 'server.accepts' }>;
        app.server.answer(spec.request.method, spec.request.path, spec.request.okStatus, answer ?? {});
      } else if (event.type === 'server.refuses' && spec.request) {
        const { refusal } = event as Extract<FormWalkEvent, { type: 'server.refuses' }>;
        app.server.answer(spec.request.method, spec.request.path, refusal.statusCode, refusal);
      } else {
        throw new Error(`The walk cannot produce ${event.type}`);
      }
      await settle();
    },
    scenarios: [...everyField, ...(walk.scenarios ?? [])],
    label,
  });
}

import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import { admin, staff } from '../views/fixtures';
import { getOf } from './fake-server';
import { describeFormModel, type FormModel, type FormModelEvent, NO_FILE, NO_REFERENCE } from './form-model';
import { expectToast, type RunningApp, renderApp, settle, signedIn } from './harness';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * The walks of the editable panels' forms (machines/record-panel-forms.ts): each panel's form is the one form
 * statechart, opened by the pencil from the stored values and walked through its screen with the form model
 * (form-model.tsx). What every panel's screen must show is the spec's (section 2): Save disabled while nothing
 * differs from the stored values or while saving, 'Processing...' meanwhile; section 8's toasts.
 */

/** The allowances user detail and My profile load for the person (days by leave type id). */
export const ALLOWANCES = { 1: 14, 2: 14, 3: 6 } as const;

/** User detail (/admin/users/:id) or My profile (/staff/profile), loaded, for `person`. */
export async function openRecordScreen(
  inspect: (event: InspectionEvent) => void,
  options: { mine?: boolean; person?: typeof onboardedStaff } = {},
): Promise<RunningApp> {
  const me = { ...onboardedStaff, id: staff.id, email: staff.email, fullName: staff.fullName };
  const person = options.person ?? (options.mine ? me : onboardedStaff);
  const app = await renderApp({
    path: options.mine ? '/staff/profile' : `/admin/users/${person.id}`,
    storage: signedIn(options.mine ? staff : admin),
    inspect,
    prepare: (server) => {
      server.autoAnswer(getOf(`/api/users/${person.id}`), 200, person);
      server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
      server.autoAnswer(getOf(`/api/users/${person.id}/leave-balances`), 200, allowancesOf(ALLOWANCES));
      // The Leave Allowance panel's suggestions: none here (user-record.test.tsx walks them).
      server.autoAnswer(getOf(`/api/users/${person.id}/leave-entitlements`), 200, []);
    },
  });
  await settle();
  return app;
}

/** Opens a record tab (when the panel sits in one) and presses the panel's pencil. */
export async function startEditing(app: RunningApp, tab: string | null, title: string) {
  if (tab) await app.user.click(screen.getByRole('tab', { name: tab }));
  await app.user.click(screen.getByRole('button', { name: `Edit ${title}` }));
  await settle();
}

export interface PanelFormWalk<TMachine extends AnyStateMachine>
  extends Pick<
    FormModel<TMachine>,
    'machine' | 'labels' | 'specErrors' | 'events' | 'scenarios' | 'customFields' | 'perform' | 'inputName'
  > {
  /** The panel's title: its heading, the form's name and the pencil's 'Edit <title>'. */
  title: string;
  /** What the server holds: the form opens from it, and Save stays disabled while nothing differs. */
  stored: Record<string, string>;
  /** What the panel counts with besides its fields (the payment panel's birth date). */
  birthDate?: string | null;
  /** Opens the screen and brings the panel's pencil on screen (its tab chosen). */
  open: (inspect: (event: InspectionEvent) => void) => Promise<RunningApp>;
  screenName: string;
  request: { method: string; path: string };
  /** The request's answer (for the values saved) and the body it must carry. */
  answer: (values: Record<string, string>) => unknown;
  sent?: (values: Record<string, string>) => unknown;
  /** Spec section 8's toasts. */
  toasts: { saved: string; failed: [string, string?] };
  /** The error answer the walk gives for a refused save. */
  refusal: { statusCode: number; error: string; message: string };
  /** What else the panel's user must see in a snapshot (a rate the spec fills in). */
  expectScreen?: FormModel<TMachine>['expectScreen'];
}

/** Walks a panel's form through its screen: pencil, typing, leaving fields, Save, the server's answers. */
export function describePanelForm<TMachine extends AnyStateMachine>(walk: PanelFormWalk<TMachine>) {
  const form = () => screen.queryByRole('form', { name: walk.title });
  const model: FormModel<TMachine> = {
    machine: walk.machine,
    starts: [
      {
        name: `admin opens ${walk.screenName}`,
        input: {
          params: { subject: null, stored: walk.stored, birthDate: walk.birthDate ?? null },
          values: walk.stored,
          edited: Object.fromEntries(Object.keys(walk.stored).map((field) => [field, true])),
        } as never,
        open: walk.open,
      },
    ],
    events: [
      ...walk.events,
      { type: 'xstate.done.actor.savePanel', output: walk.stored, actorId: 'savePanel' },
      { type: 'xstate.error.actor.savePanel', error: walk.refusal, actorId: 'savePanel' },
    ],
    labels: walk.labels,
    inputName: walk.inputName,
    customFields: walk.customFields,
    perform: walk.perform,
    specErrors: walk.specErrors,
    scenarios: walk.scenarios,
    form,
    submitName: (s) => (s.matches('submitting') ? 'Processing...' : 'Save'),
    // Spec section 2: Save is disabled when nothing changed.
    canSubmit: ((values: Record<string, string>) =>
      Object.keys(walk.stored).some((field) => values[field] !== walk.stored[field])) as never,
    notOnThisForm: [...NO_FILE, ...NO_REFERENCE],
    answer: async (app, event) => {
      const { method, path } = walk.request;
      if (event.type === 'xstate.done.actor.savePanel') {
        app.server.answer(method, path, 200, walk.answer(typedValues(walk.title)));
        return true;
      }
      if (event.type === 'xstate.error.actor.savePanel') {
        app.server.answer(method, path, walk.refusal.statusCode, walk.refusal);
        return true;
      }
      return false;
    },
    expectScreen: (app, s, event) => {
      expectPanelScreen(walk, app, s, event);
      walk.expectScreen?.(app, s, event);
    },
  };
  describeFormModel(`${walk.machine.id} form, walked through ${walk.screenName}`, model);
}

/** The values the panel's form shows now (what the walk typed). */
function typedValues(title: string): Record<string, string> {
  const element = screen.queryByRole('form', { name: title });
  const values: Record<string, string> = {};
  for (const input of element?.querySelectorAll<HTMLInputElement>('input[name], select[name]') ?? []) {
    values[input.name] = input.value;
  }
  return values;
}

function expectPanelScreen<TMachine extends AnyStateMachine>(
  walk: PanelFormWalk<TMachine>,
  app: RunningApp,
  s: AnyMachineSnapshot,
  event: FormModelEvent | null,
) {
  const { method, path } = walk.request;
  const pending = app.server.pending(method, path);
  if (s.matches('submitting')) {
    // One request, carrying what was typed as the API takes it.
    expect(pending).toHaveLength(1);
    if (walk.sent) expect(pending[0]?.body).toEqual(walk.sent(s.context.values));
  } else {
    expect(pending).toHaveLength(0);
  }
  if (s.matches('submitted')) {
    // Saved: the panel is read-only again, its pencil back.
    expect(screen.queryByRole('form', { name: walk.title })).toBeNull();
    expect(screen.getByRole('button', { name: `Edit ${walk.title}` })).toBeEnabled();
  } else {
    const shown = screen.getByRole('form', { name: walk.title });
    expect(within(shown).getByRole('button', { name: 'Cancel' })).toHaveProperty(
      'disabled',
      s.matches('submitting'),
    );
  }
  if (event?.type === 'xstate.done.actor.savePanel') expectToast(walk.toasts.saved);
  if (event?.type === 'xstate.error.actor.savePanel') expectToast(...walk.toasts.failed);
}

import { fireEvent, screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import { typedAs } from '../models/form.model';
import {
  cancelButton,
  createPanelModel,
  fieldInput,
  type PanelEvent,
  type PanelSpec,
  panelCanProduce,
  panelCard,
  panelForm,
  saveButton,
  serializePanel,
} from '../models/panel.model';
import { admin, staff } from '../views/fixtures';
import { describeEvent } from './coverage';
import { getOf } from './fake-server';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';
import { allowancesOf, leaveTypes, onboardedStaff } from './staff-fixtures';

/**
 * Walks an editable panel from its spec model (tests/models/panel.model.ts) through the screen that holds it:
 * the pencil, typing and leaving fields, Save and Cancel through the real view, the save's requests answered
 * by the fake server.
 */

/** The allowances user detail and My profile load for the person (days by leave type id). */
export const ALLOWANCES = { 1: 14, 2: 14, 3: 6 } as const;

/** The signed-in staff member's own record (My profile). */
export const me = { ...onboardedStaff, id: staff.id, email: staff.email, fullName: staff.fullName };

/** User detail (/admin/users/:id) or My profile (/staff/profile), loaded, for `person`; a tab chosen. */
export async function openRecordScreen(
  inspect: (event: InspectionEvent) => void,
  options: { mine?: boolean; tab?: string } = {},
): Promise<RunningApp> {
  const person = options.mine ? me : onboardedStaff;
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
  if (options.tab) await app.user.click(screen.getByRole('tab', { name: options.tab }));
  await settle();
  return app;
}

/** The two paths every panel's reviewer wants to see: Cancel drops what was typed, Save stores it. */
export function cancelAndSave(change: Extract<PanelEvent, { type: 'user.types' }>) {
  return [
    {
      name: 'Cancel drops what was typed and sends nothing; the pencil opens the stored values again',
      events: [
        { type: 'user.edits' },
        change,
        { type: 'user.cancels' },
        { type: 'user.edits' },
      ] as PanelEvent[],
    },
    {
      name: 'Save sends what was typed; the panel then shows it, and the pencil opens it',
      events: [
        { type: 'user.edits' },
        change,
        { type: 'user.saves' },
        { type: 'server.saves' },
        { type: 'user.edits' },
      ] as PanelEvent[],
    },
  ];
}

/**
 * A refused save, then a field emptied: the refusal goes, and Save (enabled, as something still differs)
 * shows the message and sends nothing, as it would before any save.
 */
function afterRefusal(
  change: Extract<PanelEvent, { type: 'user.types' }>,
  emptied: Extract<PanelEvent, { type: 'user.types' }>,
) {
  return {
    name: 'a refused save, then a field emptied: Save shows its message and sends nothing',
    events: [
      { type: 'user.edits' },
      change,
      { type: 'user.saves' },
      { type: 'server.refuses' },
      emptied,
      { type: 'user.saves' },
    ] as PanelEvent[],
  };
}

export interface PanelWalk {
  title: string;
  spec: PanelSpec;
  /** Opens the screen with the panel on it (its tab chosen). */
  open: (inspect: (event: InspectionEvent) => void) => Promise<RunningApp>;
  /** The typing the walk does (values the user types), besides edit, leave, save and cancel. */
  changes: ReadonlyArray<{ name: string; value: string }>;
  /** Fields the walk leaves (blur). */
  leaves?: readonly string[];
  /** The server's answer to each save request, for what was typed. */
  answer: (request: { method: string; path: string }, values: Record<string, string>) => unknown;
  refusal: { statusCode: number; error: string; message: string };
  app: {
    machine: AnyStateMachine;
    isUnderTest?: (s: AnyMachineSnapshot) => boolean;
    notOnThisScreen?: string[];
  };
  scenarios?: Array<{ name: string; events: PanelEvent[] }>;
}

export function describePanelWalk(walk: PanelWalk) {
  const { spec } = walk;
  const model = createPanelModel(spec);
  const form = () => {
    const found = panelForm(spec.title);
    if (!found) throw new Error(`The '${spec.title}' form is not showing`);
    return found;
  };
  const events: PanelEvent[] = [
    { type: 'user.edits' },
    ...walk.changes.map((c) => ({ type: 'user.types' as const, ...c })),
    ...(walk.leaves ?? walk.changes.map((c) => c.name))
      .filter((name, i, all) => all.indexOf(name) === i)
      .map((name) => ({ type: 'user.leaves' as const, name })),
    { type: 'user.saves' },
    { type: 'user.cancels' },
    { type: 'server.saves' },
    { type: 'server.refuses' },
  ];
  const first = walk.changes.find((c) => c.value !== '') ?? walk.changes[0];
  if (!first) throw new Error('a panel walk types something');
  const emptied = walk.changes.find((c) => c.value === '');
  describeSpecWalk({
    title: walk.title,
    model,
    starts: [{ name: spec.title, input: undefined as never }],
    events,
    canProduce: panelCanProduce(spec) as never,
    serialize: serializePanel as never,
    app: walk.app,
    open: (_path, inspect) => walk.open(inspect),
    async perform(app, event, current) {
      switch (event.type) {
        case 'user.edits':
          await app.user.click(
            within(panelCard(spec.title)).getByRole('button', { name: `Edit ${spec.title}` }),
          );
          break;
        case 'user.types':
          fireEvent.change(fieldInput(spec, form(), event.name), {
            target: { value: typedAs(spec, event.name, event.value) },
          });
          break;
        case 'user.leaves':
          fireEvent.focusOut(fieldInput(spec, form(), event.name));
          break;
        case 'user.saves':
          await app.user.click(saveButton(form()));
          break;
        case 'user.cancels':
          await app.user.click(cancelButton(form()));
          break;
        case 'server.saves':
          // Calls that go one at a time are each answered as they come.
          for (let round = 0; round < 10; round++) {
            const writes = app.server.pending().filter((r) => r.method !== 'GET');
            if (!writes.length) break;
            for (const request of writes)
              app.server.answer(
                request.method,
                request.path,
                200,
                walk.answer(request, current.context.values),
              );
            await settle();
          }
          break;
        case 'server.refuses':
          for (const request of app.server.pending().filter((r) => r.method !== 'GET'))
            app.server.answer(request.method, request.path, walk.refusal.statusCode, walk.refusal);
          break;
      }
      await settle();
    },
    scenarios: [
      ...cancelAndSave({ type: 'user.types', ...first }),
      ...(emptied
        ? [afterRefusal({ type: 'user.types', ...first }, { type: 'user.types', ...emptied })]
        : []),
      ...(walk.scenarios ?? []),
    ],
    label: (event) =>
      event.type === 'user.types'
        ? `types ${event.name} = '${event.value}'`
        : event.type === 'user.leaves'
          ? `leaves ${event.name}`
          : describeEvent(event),
  });
}

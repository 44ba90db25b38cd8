import { fireEvent, within } from '@testing-library/react';
import type { ApiError } from '../../src/domain/auth';
import { type RunningApp, settle } from './harness';

/** The events of an editable panel's model (machines/editable-panel.machine.ts and its uses). */
export type PanelEvent =
  | { type: 'panel.edit' }
  | { type: 'panel.change'; field: string; value: string }
  | { type: 'panel.cancel' }
  | { type: 'panel.save' }
  | { type: 'xstate.done.actor.savePanel'; output: Record<string, string>; actorId: string }
  | { type: 'xstate.error.actor.savePanel'; error: ApiError; actorId: string };

/**
 * Makes a panel event happen as its user does (the pencil, typing, Cancel, Save) or as the server
 * does (`answer` replies to the pending save: success, or the error).
 */
export async function performPanelEvent(
  app: RunningApp,
  panel: () => HTMLElement,
  editLabel: string,
  event: PanelEvent,
  answer: (error?: ApiError) => void,
) {
  switch (event.type) {
    case 'panel.edit':
      await app.user.click(within(panel()).getByRole('button', { name: editLabel }));
      break;
    case 'panel.change': {
      const input = panel().querySelector<HTMLInputElement>(`input[name="${event.field}"]`);
      if (!input) throw new Error(`no ${event.field} input`);
      fireEvent.change(input, { target: { value: event.value } });
      break;
    }
    case 'panel.cancel':
      await app.user.click(within(panel()).getByRole('button', { name: 'Cancel' }));
      break;
    case 'panel.save':
      await app.user.click(within(panel()).getByRole('button', { name: 'Save' }));
      break;
    case 'xstate.done.actor.savePanel':
      answer();
      break;
    case 'xstate.error.actor.savePanel':
      answer(event.error);
      break;
  }
  await settle();
}

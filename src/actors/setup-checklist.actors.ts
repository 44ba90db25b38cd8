import { setupChecklistMachine } from '../../machines/setup-checklist.machine';
import type { Setup } from '../domain/setup';
import { provideLoad } from './load.actors';
import { SETUP_DISMISSED_KEY } from './session-store';

/** The setup checklist card's effects: the steps from GET /setup, the dismissal kept for the session. */
export function provideSetupChecklist(api: { setup(): Promise<Setup> }, storage: Storage) {
  return setupChecklistMachine.provide({
    actors: { setup: provideLoad(() => api.setup()) },
    actions: { rememberDismissal: () => storage.setItem(SETUP_DISMISSED_KEY, 'true') },
  });
}

export const checklistDismissed = (storage: Storage) => storage.getItem(SETUP_DISMISSED_KEY) === 'true';

export type SetupChecklistLogic = ReturnType<typeof provideSetupChecklist>;

import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { provideSetupChecklist } from '../../src/actors/setup-checklist.actors';
import type { Setup } from '../../src/domain/setup';
import { system } from '../../src/ui/theme';
import { SetupChecklistCard } from '../../src/views/setup/setup-checklist-card';
import { ALL_DONE, STEPS_LEFT, setupChecklistModel, WHERE } from '../models/setup-checklist.model';

// The card walked along every path of its model (tests/models/setup-checklist.model.ts).

function mount(answer: Setup, dismissedBefore: boolean) {
  const storage = window.sessionStorage;
  storage.clear();
  const setup = vi.fn(async () => answer);
  const logic = provideSetupChecklist({ setup }, storage);
  render(
    <ChakraProvider value={system}>
      <SetupChecklistCard logic={logic} dismissed={dismissedBefore} />
    </ChakraProvider>,
  );
  return { setup, storage };
}

const card = () => screen.queryByRole('region', { name: 'Set up your company' });

const paths = getSimplePaths(setupChecklistModel, {
  events: [
    { type: 'server.stepsLeft' },
    { type: 'server.allDone' },
    { type: 'session.dismissedBefore' },
    { type: 'admin.dismisses' },
  ],
});

describe('the setup checklist card, walked from its model (issue 38)', () => {
  const walks = paths.flatMap((path) => {
    const events = path.steps.map((step) => step.event.type).filter((type) => !type.startsWith('xstate.'));
    return events.length > 0 ? [events] : [];
  });

  it('walks every simple path of the model: steps left, dismissed, all done, dismissed before', () => {
    expect(walks.length).toBeGreaterThanOrEqual(4);
  });

  for (const events of walks) {
    it(events.join(' → '), async () => {
      const user = userEvent.setup();
      const answer = events.includes('server.allDone') ? ALL_DONE : (STEPS_LEFT as unknown as Setup);
      const { setup, storage } = mount(answer, events.includes('session.dismissedBefore'));
      if (events.includes('session.dismissedBefore')) {
        // Dismissed earlier in the session: nothing fetched, nothing shown.
        expect(card()).toBeNull();
        expect(setup).not.toHaveBeenCalled();
        return;
      }
      await waitFor(() => expect(setup).toHaveBeenCalled());
      if (events.includes('server.allDone')) {
        await waitFor(() => expect(screen.queryByText(/steps? left/)).toBeNull());
        expect(card()).toBeNull();
        return;
      }
      // Each step, whether it is done, and a link to where it is done.
      const region = await screen.findByRole('region', { name: 'Set up your company' });
      expect(within(region).getByText('5 steps left')).toBeInTheDocument();
      expect(within(region).getAllByText('Done')).toHaveLength(2);
      expect(within(region).getAllByText('To do')).toHaveLength(5);
      expect(within(region).getByText('No account to pay salaries from yet')).toBeInTheDocument();
      const hrefs = within(region)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
      for (const href of Object.values(WHERE)) expect(hrefs).toContain(href);
      if (events.includes('admin.dismisses')) {
        await user.click(within(region).getByRole('button', { name: /dismiss/i }));
        await waitFor(() => expect(card()).toBeNull());
        // Remembered for the rest of the session.
        expect(Object.keys(storage).length).toBe(1);
      }
    });
  }
});

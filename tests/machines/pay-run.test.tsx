import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { payRunMachine } from '../../machines/pay-run.machine';
import type { PayRun } from '../../src/domain/pay-runs';
import { system } from '../../src/ui/theme';
import { PayRunPanel } from '../../src/views/payroll/pay-run-panel';
import { PEOPLE, payRunModel, runAnswer } from '../models/pay-run.model';

// The pay run panel of Process Pay walked along every path of its model (tests/models/pay-run.model.ts).

function Harness({ logic }: { logic: typeof payRunMachine }) {
  const actor = useActorRef(logic, { input: { year: 2026, month: 3 } });
  // Process Pay's machine names the period once its Processed List loads.
  useEffect(() => actor.send({ type: 'payRun.period', year: 2026, month: 3 }), [actor]);
  return <PayRunPanel actor={actor} />;
}

function mount(first: PayRun, submit: () => Promise<PayRun>) {
  const fetchRun = vi.fn(async () => first);
  const submitRun = vi.fn(submit);
  const notify = vi.fn();
  const logic = payRunMachine.provide({
    actors: { fetchPayRun: fromPromise(fetchRun), submitPayRun: fromPromise(submitRun) },
    actions: { notify: (_, toast) => notify(toast) },
  });
  render(
    <ChakraProvider value={system}>
      <Harness logic={logic} />
    </ChakraProvider>,
  );
  return { fetchRun, submitRun, notify };
}

const panel = () => screen.findByRole('region', { name: /pay run/i });
const submitButton = (region: HTMLElement) => within(region).queryByRole('button', { name: /submit/i });

const paths = getSimplePaths(payRunModel, {
  events: [
    { type: 'server.processedOpen' },
    { type: 'server.nothingProcessed' },
    { type: 'server.approvalOff' },
    { type: 'server.submitted' },
    { type: 'server.approved' },
    { type: 'admin.submits' },
    { type: 'admin.submitsButRefused' },
  ],
});

const firstAnswer = (event: string) =>
  ({
    'server.processedOpen': runAnswer('OPEN'),
    'server.nothingProcessed': runAnswer('OPEN', { headcount: 0 }),
    'server.approvalOff': runAnswer('APPROVED', { approvalRequired: false }),
    'server.submitted': runAnswer('SUBMITTED'),
    'server.approved': runAnswer('APPROVED'),
  })[event] as PayRun;

describe("Process Pay's pay run, walked from its model (issue 39 item 4)", () => {
  const walks = paths.map((path) =>
    path.steps.map((step) => step.event.type).filter((t) => !t.startsWith('xstate.')),
  );

  it('walks every simple path of the model', () => {
    expect(walks.filter((events) => events.length > 0).length).toBe(7);
  });

  for (const events of walks.filter((e) => e.length > 0)) {
    it(events.join(' → '), async () => {
      const user = userEvent.setup();
      const [arrival = '', action] = events;
      const refusal = { statusCode: 409, error: 'Conflict', message: 'Pay run approval is off.' };
      const { submitRun, notify } = mount(firstAnswer(arrival), async () => {
        if (action === 'admin.submitsButRefused') throw refusal;
        return runAnswer('SUBMITTED') as PayRun;
      });
      const region = await panel();
      await waitFor(() =>
        expect(within(region).getAllByText(/open|await|approved/i).length).toBeGreaterThan(0),
      );

      switch (arrival) {
        case 'server.processedOpen':
          expect(within(region).getByText(/^open$/i)).toBeInTheDocument();
          expect(submitButton(region)).not.toBeNull();
          break;
        case 'server.nothingProcessed':
          // "submit (after processing)": nothing processed, nothing to submit.
          expect(submitButton(region)).toBeNull();
          break;
        case 'server.approvalOff':
          expect(within(region).getByText(/approval is off/i)).toBeInTheDocument();
          expect(submitButton(region)).toBeNull();
          return;
        case 'server.submitted':
          expect(within(region).getByText(/await/i)).toBeInTheDocument();
          expect(within(region).getByText(new RegExp(PEOPLE.FIRST.name))).toBeInTheDocument();
          expect(submitButton(region)).toBeNull();
          return;
        case 'server.approved':
          expect(
            within(region).getByText(new RegExp(`approved by ${PEOPLE.SECOND.name}`, 'i')),
          ).toBeInTheDocument();
          expect(submitButton(region)).toBeNull();
          return;
      }
      if (!action) return;
      await user.click(submitButton(region) as HTMLElement);
      await waitFor(() => expect(submitRun).toHaveBeenCalledTimes(1));
      if (action === 'admin.submits') {
        await waitFor(() => expect(within(region).getByText(/await/i)).toBeInTheDocument());
        expect(submitButton(region)).toBeNull();
        expect(notify).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
      } else {
        await waitFor(() =>
          expect(notify).toHaveBeenCalledWith(
            expect.objectContaining({ type: 'error', description: refusal.message }),
          ),
        );
        // The run is read again; still open, Submit still offered.
        await waitFor(() => expect(submitButton(region)).not.toBeNull());
      }
    });
  }
});

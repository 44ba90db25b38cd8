import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { provideSeparationPanel } from '../../src/actors/separation-panel.actors';
import { ApiRequestError } from '../../src/api/errors';
import type { Separation, SeparationBody } from '../../src/domain/separation';
import { system } from '../../src/ui/theme';
import { SeparationPanel } from '../../src/views/staff-records/separation-panel';
import { separationAnswer, separationPanelModel, TODAY } from '../models/separation-panel.model';

// The Separation panel walked along every path of its model (tests/models/separation-panel.model.ts),
// against a fake API that keeps one employee's separation.

const USER_ID = 7;

function fakeApi(start: Separation | null) {
  let stored = start;
  const separation = {
    get: vi.fn(async () => stored),
    create: vi.fn(async (_userId: number, body: SeparationBody) => {
      stored = { ...separationAnswer(USER_ID, 'ACKNOWLEDGED'), ...body } as Separation;
      if (body.reason === 'RESIGNATION' && staffView) stored = { ...stored, status: 'REQUESTED' };
      return stored;
    }),
    acknowledge: vi.fn(async () => {
      stored = separationAnswer(USER_ID, 'ACKNOWLEDGED') as Separation;
      return stored;
    }),
    withdraw: vi.fn(async () => {
      const answer = { ...(stored as Separation), status: 'WITHDRAWN' as const };
      stored = null;
      return answer;
    }),
    kets: vi.fn(async () => ({
      blob: new Blob(['%PDF']),
      fileName: 'kets.pdf',
      missing: ['place of work', 'probation period'],
    })),
    ir21: vi.fn(async (_userId: number, year: number, format: 'pdf' | 'csv') => ({
      blob: new Blob(['IR21']),
      fileName: `ir21-${year}.${format}`,
    })),
    clearIr21: vi.fn(async (_userId: number, body: { date: string; reference: string }) => {
      stored = {
        ...(stored as Separation),
        ir21ClearedOn: body.date,
        ir21Reference: body.reference,
        payWithheld: false,
      };
      return stored;
    }),
  };
  return separation;
}
let staffView = false;

function mount(start: Separation | null, manage: boolean) {
  staffView = !manage;
  const separation = fakeApi(start);
  const notify = vi.fn();
  const save = vi.fn();
  const logic = provideSeparationPanel({ separation, notify, save });
  render(
    <ChakraProvider value={system}>
      <SeparationPanel logic={logic} userId={USER_ID} manage={manage} today={TODAY} />
    </ChakraProvider>,
  );
  return { separation, notify, save };
}

const panel = () => screen.getByRole('region', { name: /separation/i });
const button = (name: RegExp) => within(panel()).findByRole('button', { name });

/** What the issue says the panel shows of a standing separation: its dates and what is due when. */
async function showsDueDates(state: RegExp) {
  const region = panel();
  await within(region).findByText(state);
  expect(
    within(region)
      .getByText(/final pay/i)
      .closest('li'),
  ).toHaveTextContent('14/12/2026');
  const due = within(within(region).getByRole('list', { name: /due when/i }));
  expect(due.getByText(/IR21/).closest('li')).toHaveTextContent('14/11/2026');
  expect(due.getByText(/IR21/).closest('li')).toHaveTextContent(/late/i);
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, manage: boolean) {
  const form = await within(panel()).findByRole('form');
  if (manage)
    await user.selectOptions(within(form).getByRole('combobox', { name: /reason/i }), 'TERMINATION');
  await user.type(within(form).getByRole('textbox', { name: /notice date/i }), '01/12/2026');
  await user.type(within(form).getByRole('textbox', { name: /last day/i }), '14/12/2026');
  await user.selectOptions(within(form).getByRole('combobox', { name: /notice served/i }), 'true');
  await user.click(within(form).getByRole('button', { name: manage ? /record/i : /resign/i }));
}

const paths = getSimplePaths(separationPanelModel, {
  events: [
    { type: 'server.none' },
    { type: 'server.resignationWaiting' },
    { type: 'staff.opensOwn' },
    { type: 'admin.records' },
    { type: 'admin.acknowledges' },
    { type: 'admin.withdraws' },
    { type: 'staff.resigns' },
    { type: 'admin.recordsClearance' },
  ],
});

describe('the Separation panel, walked from its model (issue 35)', () => {
  const walks = paths.flatMap((path) => {
    const events = path.steps.map((step) => step.event.type).filter((type) => !type.startsWith('xstate.'));
    return events.length > 0 ? [events] : [];
  });

  it('walks every simple path: recorded, acknowledged, withdrawn, resigned', () => {
    expect(walks.length).toBeGreaterThanOrEqual(6);
  });

  for (const events of walks) {
    it(events.join(' → '), async () => {
      const user = userEvent.setup();
      const manage = events[0] !== 'staff.opensOwn';
      const waiting = events[0] === 'server.resignationWaiting';
      const { separation } = mount(
        waiting ? (separationAnswer(USER_ID, 'REQUESTED') as Separation) : null,
        manage,
      );
      await waitFor(() => expect(separation.get).toHaveBeenCalledWith(USER_ID));
      for (const event of events.slice(1)) {
        switch (event) {
          case 'admin.records':
            await user.click(await button(/record separation/i));
            await fillForm(user, true);
            await showsDueDates(/leaving/i);
            expect(separation.create).toHaveBeenCalledWith(USER_ID, {
              reason: 'TERMINATION',
              noticeDate: '2026-12-01',
              lastDay: '2026-12-14',
              noticeServed: true,
            });
            break;
          case 'admin.acknowledges':
            await user.click(await button(/acknowledge/i));
            await showsDueDates(/leaving/i);
            expect(within(panel()).queryByRole('button', { name: /acknowledge/i })).toBeNull();
            break;
          case 'admin.withdraws': {
            await user.click(await button(/withdraw/i));
            const dialog = await screen.findByRole('alertdialog');
            await user.click(within(dialog).getByRole('button', { name: /withdraw/i }));
            await within(panel()).findByRole('button', { name: /record separation/i });
            expect(separation.withdraw).toHaveBeenCalledWith(USER_ID);
            break;
          }
          case 'admin.recordsClearance': {
            const ir21 = await within(panel()).findByRole('region', { name: /IR21/ });
            expect(ir21).toHaveTextContent(/withheld/i);
            await user.click(within(ir21).getByRole('button', { name: /record iras clearance/i }));
            const form = await within(panel()).findByRole('form', { name: /clearance/i });
            await user.type(within(form).getByRole('textbox', { name: /date/i }), '20/12/2026');
            await user.type(within(form).getByRole('textbox', { name: /reference/i }), 'IRAS/IR21/7');
            await user.click(within(form).getByRole('button', { name: /record/i }));
            await within(panel()).findByText(/cleared by iras/i);
            expect(separation.clearIr21).toHaveBeenCalledWith(USER_ID, {
              date: '2026-12-20',
              reference: 'IRAS/IR21/7',
            });
            expect(within(panel()).queryByText(/withheld/i)).toBeNull();
            break;
          }
          case 'staff.resigns':
            await user.click(await button(/submit resignation/i));
            // Staff give no reason: a resignation is the only one they may submit.
            expect(within(panel()).queryByRole('combobox', { name: /reason/i })).toBeNull();
            await fillForm(user, false);
            await showsDueDates(/waiting/i);
            expect(separation.create.mock.calls[0]?.[1]).toMatchObject({ reason: 'RESIGNATION' });
            // Only an administrator acknowledges or withdraws it.
            expect(within(panel()).queryByRole('button', { name: /acknowledge|withdraw/i })).toBeNull();
            break;
        }
      }
      const last = events.at(-1);
      if (last === 'server.none' || last === 'staff.opensOwn') {
        await within(panel()).findByRole('button', {
          name: manage ? /record separation/i : /submit resignation/i,
        });
      }
      if (last === 'server.resignationWaiting') {
        await showsDueDates(/waiting/i);
        expect(await button(/acknowledge/i)).toBeEnabled();
      }
    });
  }

  it('the key employment terms download and name what is missing', async () => {
    const user = userEvent.setup();
    const { save, separation } = mount(null, false);
    await waitFor(() => expect(separation.get).toHaveBeenCalled());
    await user.click(await button(/key employment terms/i));
    await within(panel()).findByText(/place of work, probation period/);
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'kets.pdf');
  });

  it("the IR21 downloads as a PDF and a CSV of the last day's year", async () => {
    const user = userEvent.setup();
    const { save, separation } = mount(separationAnswer(USER_ID, 'ACKNOWLEDGED') as Separation, true);
    await user.click(await button(/download ir21 \(pdf\)/i));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.any(Blob), 'ir21-2026.pdf'));
    await user.click(await button(/download ir21 \(csv\)/i));
    await waitFor(() => expect(separation.ir21).toHaveBeenLastCalledWith(USER_ID, 2026, 'csv'));
  });

  it('staff see their pay withheld, without the IR21 actions', async () => {
    mount(separationAnswer(USER_ID, 'ACKNOWLEDGED') as Separation, false);
    const ir21 = await within(panel()).findByRole('region', { name: /IR21/ });
    expect(ir21).toHaveTextContent(/withheld/i);
    expect(within(ir21).queryByRole('button')).toBeNull();
  });

  it("a refused acknowledgement says the server's reason", async () => {
    const user = userEvent.setup();
    const { separation, notify } = mount(separationAnswer(USER_ID, 'REQUESTED') as Separation, true);
    separation.acknowledge.mockRejectedValueOnce(
      new ApiRequestError({ statusCode: 409, error: 'Conflict', message: 'Not waiting any more.' }),
    );
    await user.click(await button(/acknowledge/i));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', description: 'Not waiting any more.' }),
      ),
    );
  });
});

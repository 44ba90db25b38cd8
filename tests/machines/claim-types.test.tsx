import { fireEvent, screen, within } from '@testing-library/react';
import { claimTypesMachine } from '../../machines/claim-types.machine';
import { ADD_BODY, type ClaimTypesModelEvent, claimTypesModel, TYPES } from '../models/claim-types.model';
import { findOpen } from '../models/leave-dom';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * Claim types under Company (/admin/company/claim-types), walked from tests/models/claim-types.model.ts
 * (issue 37 items 1 and 4): a type added with a monthly limit, Transport's yearly limit edited, Transport
 * deleted after its confirmation (archived, as it has claims) or kept by Cancel.
 */

interface HeldType {
  id: number;
  name: string;
  perClaimLimit: number | null;
  monthlyLimit: number | null;
  yearlyLimit: number | null;
  receiptRequired: boolean;
  taxable: boolean;
  archived: boolean;
}
const type = (id: number, name: string): HeldType => ({
  id,
  name,
  perClaimLimit: null,
  monthlyLimit: null,
  yearlyLimit: null,
  receiptRequired: false,
  taxable: false,
  archived: false,
});
const START = [type(2, 'Meals'), type(1, 'Transport')];
let held: HeldType[] = [];

const events: ClaimTypesModelEvent[] = [
  { type: 'user.addsType' },
  { type: 'user.editsTransport' },
  { type: 'server.saves' },
  { type: 'user.asksToDelete' },
  { type: 'user.cancelsDelete' },
  { type: 'user.confirmsDelete' },
  { type: 'server.archives' },
];

const dialog = () =>
  (findOpen('dialog', 'Add claim type') ?? findOpen('dialog', 'Edit claim type')) as HTMLElement;
const confirm = () => findOpen('alertdialog', 'Delete this claim type?') as HTMLElement;

async function perform(app: RunningApp, event: ClaimTypesModelEvent) {
  switch (event.type) {
    case 'user.addsType':
      await app.user.click(screen.getByRole('button', { name: 'Add claim type' }));
      await settle();
      fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'Parking' } });
      fireEvent.change(within(dialog()).getByLabelText('Monthly limit ($)'), { target: { value: '50' } });
      await settle();
      await app.user.click(within(dialog()).getByRole('button', { name: 'Save' }));
      break;
    case 'user.editsTransport':
      await app.user.click(screen.getByRole('button', { name: 'Edit Transport' }));
      await settle();
      fireEvent.change(within(dialog()).getByLabelText('Yearly limit ($)'), { target: { value: '1,200' } });
      await settle();
      await app.user.click(within(dialog()).getByRole('button', { name: 'Save' }));
      break;
    case 'server.saves': {
      const post = app.server.pending('POST', TYPES)[0];
      if (post) {
        const added = { ...type(3, ADD_BODY.name), monthlyLimit: ADD_BODY.monthlyLimit };
        held = [...held, added].sort((a, b) => a.name.localeCompare(b.name));
        app.server.answer('POST', TYPES, 201, added);
      } else {
        held = held.map((t) => (t.id === 1 ? { ...t, yearlyLimit: 1200 } : t));
        app.server.answer(
          'PUT',
          `${TYPES}/1`,
          200,
          held.find((t) => t.id === 1),
        );
      }
      break;
    }
    case 'user.asksToDelete':
      await app.user.click(screen.getByRole('button', { name: 'Delete Transport' }));
      break;
    case 'user.cancelsDelete':
      await app.user.click(within(confirm()).getByRole('button', { name: 'Cancel' }));
      break;
    case 'user.confirmsDelete':
      await app.user.click(within(confirm()).getByRole('button', { name: 'Continue' }));
      break;
    case 'server.archives':
      held = held.map((t) => (t.id === 1 ? { ...t, archived: true } : t));
      app.server.answer('DELETE', `${TYPES}/1`, 200, { removed: 'ARCHIVED' });
      break;
  }
  await settle();
}

describeSpecWalk<typeof claimTypesModel, ClaimTypesModelEvent>({
  title: '/admin/company/claim-types, walked from its model',
  model: claimTypesModel,
  starts: [{ name: 'admin opens Claim Types', input: { names: START.map((t) => t.name) } }],
  events,
  app: { machine: claimTypesMachine },
  open: async (_path, inspect) => {
    held = [...START];
    const app = await renderApp({ path: '/admin/company/claim-types', storage: signedIn(admin), inspect });
    app.server.answer('GET', TYPES, 200, held);
    app.server.autoAnswer(
      (r) => r.method === 'GET' && r.path === TYPES,
      200,
      () => held,
    );
    await settle();
    return app;
  },
  perform,
  label: (event) => event.type,
  scenarios: [
    {
      name: "Transport's yearly limit saved",
      events: [{ type: 'user.editsTransport' }, { type: 'server.saves' }],
    },
  ],
});

import { fireEvent, screen, within } from '@testing-library/react';
import { newClaimMachine } from '../../machines/new-claim.machine';
import { todayIso } from '../../src/domain/dates';
import { dayMonthYear } from '../models/calendar-words';
import { findOpen } from '../models/leave-dom';
import {
  CLAIMS,
  GRANT,
  type NewClaimModelEvent,
  newClaimModel,
  RECEIPT,
  UPLOAD_KEY,
} from '../models/new-claim.model';
import { staff } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The New claim flow (machines/new-claim.machine.ts) walked from tests/models/new-claim.model.ts (issue 37's
 * words) in its dialog on /staff/claims: a receipt chosen, uploaded once, the claim sent, refused and sent
 * again, filed. The app's flow is only followed.
 */

const today = todayIso();
const me = { id: staff.id, fullName: staff.fullName, email: staff.email };
const types = [
  {
    id: 1,
    name: 'Transport',
    perClaimLimit: null,
    monthlyLimit: null,
    yearlyLimit: null,
    receiptRequired: true,
    taxable: false,
    archived: false,
  },
];
const filed = {
  id: 61,
  status: 'PENDING',
  claimTypeId: 1,
  type: 'Transport',
  date: today,
  amount: 12.5,
  description: 'Taxi to the client',
  receiptKey: UPLOAD_KEY,
  userId: me.id,
  user: me,
  decidedById: null,
  decisionReason: null,
  createdAt: `${today}T01:00:00.000Z`,
  updatedAt: `${today}T01:00:00.000Z`,
};
const emptyPage = {
  data: [],
  currentPage: 1,
  pageSize: 10,
  total: 0,
  totalPages: 0,
  counts: { PENDING: 0, APPROVED: 0, REJECTED: 0, PAID: 0, TOTAL: 0 },
};
const grant = { uploadKey: UPLOAD_KEY, uploadUrl: '/api/files/upload/c0ffee' };

const dialog = () => findOpen('dialog', 'New claim') as HTMLElement;

async function perform(app: RunningApp, event: NewClaimModelEvent) {
  switch (event.type) {
    case 'user.choosesReceipt': {
      const file = new File(['a receipt'], RECEIPT, { type: 'image/png' });
      await app.user.upload(dialog().querySelector('input[type="file"]') as HTMLInputElement, file);
      break;
    }
    case 'user.submits':
      await app.user.click(within(dialog()).getByRole('button', { name: 'Submit claim' }));
      break;
    case 'server.storesReceipt':
      app.server.answer('GET', GRANT, 200, grant);
      await settle();
      app.server.answer('PUT', grant.uploadUrl, 200);
      break;
    case 'server.files':
      app.server.answer('POST', CLAIMS, 201, filed);
      break;
    case 'server.refuses':
      app.server.answer('POST', CLAIMS, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Over the Transport limit of $100.00 this month: $20.00 remains.',
        code: 'CLAIM_OVER_LIMIT',
        field: 'amount',
      });
      break;
  }
  await settle();
}

describeSpecWalk<typeof newClaimModel, NewClaimModelEvent>({
  title: 'the New claim flow, walked from its model (My Claims)',
  model: newClaimModel,
  starts: [{ name: 'staff opens New claim', input: undefined as never }],
  events: [
    { type: 'user.choosesReceipt' },
    { type: 'user.submits' },
    { type: 'server.storesReceipt' },
    { type: 'server.files' },
    { type: 'server.refuses' },
  ],
  app: { machine: newClaimMachine },
  open: async (_path, inspect) => {
    const app = await renderApp({
      path: '/staff/claims',
      storage: signedIn(staff),
      inspect,
      prepare: (s) => {
        s.autoAnswer((r) => r.method === 'GET' && r.path === CLAIMS, 200, emptyPage);
        s.autoAnswer((r) => r.method === 'GET' && r.path === '/api/claim-types', 200, types);
      },
    });
    await settle();
    await app.user.click(screen.getByRole('button', { name: 'New claim' }));
    await settle();
    // The claim's facts, filled in once: the walk is about the receipt and the sending.
    const form = within(dialog());
    fireEvent.change(form.getByLabelText('Claim type'), { target: { value: '1' } });
    await app.user.type(form.getByLabelText('Date'), dayMonthYear(today));
    fireEvent.change(form.getByLabelText('Amount ($)'), { target: { value: '12.50' } });
    fireEvent.change(form.getByLabelText('Description'), { target: { value: filed.description } });
    await settle();
    return app;
  },
  perform,
  label: (event) => event.type,
});

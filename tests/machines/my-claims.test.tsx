import { fireEvent, screen, within } from '@testing-library/react';
import { myClaimsMachine } from '../../machines/my-claims.machine';
import { newClaimMachine } from '../../machines/new-claim.machine';
import { todayIso } from '../../src/domain/dates';
import { dayMonthYear } from '../models/calendar-words';
import { findOpen } from '../models/leave-dom';
import { CLAIMS, FILED, type MyClaimsModelEvent, myClaimsModel, PENDING } from '../models/my-claims.model';
import { staff } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * My Claims (/staff/claims) walked from tests/models/my-claims.model.ts (issue 37's words): a claim filed
 * with a receipt photo (the upload grant, the PUT, then POST /claims), refused over the monthly limit with
 * the message beside Amount and in the toast, and a pending claim deleted after its confirmation; the
 * totals follow. The app's my-claims statechart and the New claim dialog's flow are only followed.
 */

const today = todayIso();
const me = { id: staff.id, fullName: staff.fullName, email: staff.email };
const claim = (id: number, cents: number, description: string) => ({
  id,
  status: 'PENDING',
  claimTypeId: 1,
  type: 'Transport',
  date: today,
  amount: cents / 100,
  description,
  receiptKey: null,
  userId: me.id,
  user: me,
  decidedById: null,
  decisionReason: null,
  createdAt: `${today}T01:00:00.000Z`,
  updatedAt: `${today}T01:00:00.000Z`,
});
const types = [
  {
    id: 1,
    name: 'Transport',
    perClaimLimit: null,
    monthlyLimit: 100,
    yearlyLimit: null,
    receiptRequired: true,
    taxable: false,
    archived: false,
  },
];
const REFUSAL = 'Over the monthly limit of $100.00 for Transport: $80.00 remains, pending claims counted.';
const grant = { uploadKey: `claims/${me.id}/f00d/taxi.png`, uploadUrl: '/api/files/upload/f00d' };
let held: ReturnType<typeof claim>[] = [];
const page = () => ({
  data: held,
  currentPage: 1,
  pageSize: 10,
  total: held.length,
  totalPages: 1,
  counts: { PENDING: held.length, APPROVED: 0, REJECTED: 0, PAID: 0, TOTAL: held.length },
});

const events: MyClaimsModelEvent[] = [
  { type: 'user.filesClaim' },
  { type: 'server.files' },
  { type: 'server.refusesOverLimit' },
  { type: 'user.closesDialog' },
  { type: 'user.asksToDelete' },
  { type: 'user.confirmsDelete' },
  { type: 'server.deletes' },
];

const dialog = () => findOpen('dialog', 'New claim') as HTMLElement;

async function perform(app: RunningApp, event: MyClaimsModelEvent) {
  switch (event.type) {
    case 'user.filesClaim': {
      await app.user.click(screen.getByRole('button', { name: 'New claim' }));
      await settle();
      const form = within(dialog());
      fireEvent.change(form.getByLabelText('Claim type'), { target: { value: '1' } });
      await app.user.type(form.getByLabelText('Date'), dayMonthYear(today));
      fireEvent.change(form.getByLabelText('Amount ($)'), { target: { value: '12.50' } });
      fireEvent.change(form.getByLabelText('Description'), { target: { value: FILED.description } });
      const file = new File(['a receipt'], 'taxi.png', { type: 'image/png' });
      await app.user.upload(dialog().querySelector('input[type="file"]') as HTMLInputElement, file);
      await settle();
      await app.user.click(form.getByRole('button', { name: 'Submit claim' }));
      await settle();
      app.server.answer('GET', '/api/s3/upload-url', 200, grant);
      await settle();
      app.server.answer('PUT', grant.uploadUrl, 200);
      break;
    }
    case 'server.files':
      held = [claim(12, FILED.cents, FILED.description), ...held];
      app.server.answer('POST', CLAIMS, 201, held[0]);
      break;
    case 'server.refusesOverLimit':
      app.server.answer('POST', CLAIMS, 409, {
        statusCode: 409,
        error: 'Conflict',
        message: REFUSAL,
        code: 'CLAIM_OVER_LIMIT',
        field: 'amount',
      });
      break;
    case 'user.closesDialog':
      await app.user.click(within(dialog()).getByRole('button', { name: 'Close' }));
      break;
    case 'user.asksToDelete':
      await app.user.click(screen.getByRole('button', { name: /^Delete the Transport claim/ }));
      break;
    case 'user.confirmsDelete':
      await app.user.click(
        within(findOpen('alertdialog', 'Delete this claim?') as HTMLElement).getByRole('button', {
          name: 'Continue',
        }),
      );
      break;
    case 'server.deletes':
      held = held.filter((c) => c.description !== PENDING.description);
      app.server.answer('DELETE', `${CLAIMS}/11`, 204);
      break;
  }
  await settle();
}

describeSpecWalk<typeof myClaimsModel, MyClaimsModelEvent>({
  title: '/staff/claims, walked from its model',
  model: myClaimsModel,
  starts: [
    {
      name: 'staff opens My Claims',
      input: { rows: [PENDING.description], monthCents: PENDING.cents, refusal: REFUSAL },
    },
  ],
  events,
  app: { machine: myClaimsMachine, holds: [newClaimMachine] },
  open: async (_path, inspect) => {
    held = [claim(11, PENDING.cents, PENDING.description)];
    const app = await renderApp({ path: '/staff/claims', storage: signedIn(staff), inspect });
    app.server.autoAnswer((r) => r.method === 'GET' && r.path === CLAIMS, 200, page);
    app.server.autoAnswer((r) => r.method === 'GET' && r.path === '/api/claim-types', 200, types);
    for (const request of app.server.pending('GET', CLAIMS))
      app.server.answer('GET', request.path, 200, page());
    for (const _ of app.server.pending('GET', '/api/claim-types'))
      app.server.answer('GET', '/api/claim-types', 200, types);
    await settle();
    await settle();
    return app;
  },
  perform,
  label: (event) => event.type,
});

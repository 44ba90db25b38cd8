import { fireEvent, screen, within } from '@testing-library/react';
import { claimReviewMachine } from '../../machines/claim-review.machine';
import { todayIso } from '../../src/domain/dates';
import {
  type ClaimReviewModelEvent,
  type ClaimReviewModelInput,
  claimReviewModel,
  DECISION,
} from '../models/claim-review.model';
import { admin } from '../views/fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * /admin/claims's review sheet walked from its model (tests/models/claim-review.model.ts, issue 37's words):
 * someone else's pending claim approved or rejected (with or without a reason), a refusal, Close, and the
 * administrator's own claim, which offers no decision. The app's claim-review statechart is only followed.
 */

const today = todayIso();
const employee = { id: 7, fullName: 'Tan Wei Ming', email: 'weiming.tan@company.test' };
const me = { id: admin.id, fullName: admin.fullName, email: admin.email };
const claim = (id: number, user: typeof me, amount: number, status: string, description: string) => ({
  id,
  status,
  claimTypeId: 1,
  type: 'Transport',
  date: today,
  amount,
  description,
  receiptKey: `attachments/${id}.png`,
  userId: user.id,
  user,
  decidedById: null,
  decisionReason: null,
  createdAt: `${today}T01:00:00.000Z`,
  updatedAt: `${today}T01:00:00.000Z`,
});
const other = claim(11, employee, 12.5, 'PENDING', 'Taxi to the client');
const own = claim(12, me, 8, 'PENDING', 'Bus to the bank');
const earlier = claim(13, employee, 20, 'APPROVED', 'Taxi home late');
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
const LINK = 'https://files.example.test/receipt.png';
const REFUSAL = 'This claim is approved already.';
const page = (rows: unknown[]) => ({
  data: rows,
  currentPage: 1,
  pageSize: 100,
  total: rows.length,
  totalPages: 1,
  counts: { PENDING: 0, APPROVED: 0, REJECTED: 0, PAID: 0, TOTAL: rows.length },
});

const input: ClaimReviewModelInput = {
  other: { id: other.id, employee: employee.fullName, description: other.description },
  own: { id: own.id, description: own.description },
  link: LINK,
  // $12.50 pending and $20.00 approved this month, against $100.00 a month.
  monthLine: 'This month: $32.50 of $100.00 ($67.50 left)',
  refusal: REFUSAL,
};

const events: ClaimReviewModelEvent[] = [
  { type: 'user.reviews' },
  { type: 'user.reviewsOwn' },
  { type: 'user.closes' },
  { type: 'user.typesReason', reason: 'No receipt date' },
  { type: 'user.approves' },
  { type: 'user.rejects' },
  { type: 'server.decides' },
  { type: 'server.refuses' },
];

function autoAnswers(app: RunningApp) {
  app.server.autoAnswer(
    (r) => r.method === 'GET' && r.path === '/api/claims',
    200,
    (r: { query: URLSearchParams }) => {
      const userId = r.query.get('userId');
      if (userId === String(employee.id)) return page([other, earlier]);
      if (userId === String(me.id)) return page([own]);
      return page([other, own, earlier]);
    },
  );
  app.server.autoAnswer((r) => r.method === 'GET' && r.path === '/api/claim-types', 200, types);
  app.server.autoAnswer((r) => r.method === 'GET' && r.path === '/api/s3/signed-url', 200, {
    signedUrl: LINK,
  });
}

/** The first row of the person: the list puts pending claims first. */
const reviewButton = (name: RegExp) => screen.getAllByRole('button', { name })[0] as HTMLElement;
const sheet = () => screen.getByRole('dialog', { name: 'Claim Details' });

describeSpecWalk<typeof claimReviewModel, ClaimReviewModelEvent>({
  title: '/admin/claims review sheet, walked from its model',
  model: claimReviewModel,
  starts: [{ name: 'admin opens Claims', input }],
  events,
  app: { machine: claimReviewMachine },
  open: async (_path, inspect) => {
    const app = await renderApp({ path: '/admin/claims', storage: signedIn(admin), inspect });
    // The month's list went out as the screen opened; later fetches are answered as they come.
    app.server.answer('GET', '/api/claims', 200, page([other, own, earlier]));
    autoAnswers(app);
    await settle();
    await settle();
    return app;
  },
  async perform(app, event) {
    switch (event.type) {
      case 'user.reviews':
        await app.user.click(reviewButton(new RegExp(`^Review the claim of ${employee.fullName}`)));
        break;
      case 'user.reviewsOwn':
        await app.user.click(reviewButton(new RegExp(`^Review the claim of ${me.fullName}`)));
        break;
      case 'user.closes':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Close' }));
        break;
      case 'user.typesReason':
        fireEvent.change(within(sheet()).getByLabelText(/^Reason/), { target: { value: event.reason } });
        break;
      case 'user.approves':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Approve' }));
        break;
      case 'user.rejects':
        await app.user.click(within(sheet()).getByRole('button', { name: 'Reject' }));
        break;
      case 'server.decides':
        app.server.answer('POST', DECISION(other.id), 200, { ...other, status: 'APPROVED' });
        break;
      case 'server.refuses':
        app.server.answer('POST', DECISION(other.id), 409, {
          statusCode: 409,
          error: 'Conflict',
          message: REFUSAL,
        });
        break;
    }
    await settle();
  },
  label: (event) => event.type,
  scenarios: [
    {
      name: 'a rejection refused',
      events: [{ type: 'user.reviews' }, { type: 'user.rejects' }, { type: 'server.refuses' }],
    },
    {
      name: 'rejected with a reason',
      events: [
        { type: 'user.reviews' },
        { type: 'user.typesReason', reason: 'No receipt date' },
        { type: 'user.rejects' },
        { type: 'server.decides' },
      ],
    },
  ],
});

import { screen } from '@testing-library/react';
import { claimFormMachine, newClaimMachine } from '../../machines/new-claim.machine';
import type { ApiError } from '../../src/domain/auth';
import { todayIso } from '../../src/domain/dates';
import { CLAIMS, claimForm } from '../models/claim-form.model';
import type { FormWalkEvent } from '../models/form.model';
import { staff } from '../views/fixtures';
import { renderApp, settle, signedIn } from './harness';
import { describeSpecForm, NO_FILE, NO_REFERENCE } from './spec-form';

/**
 * The New claim form, walked from its spec model (tests/models/claim-form.model.ts) in its dialog on
 * /staff/claims (no receipt chosen: the receipt is the flow's, walked in my-claims), the API answered by
 * the fake server.
 */

const today = todayIso();
const types = [
  {
    id: 1,
    name: 'Transport',
    perClaimLimit: null,
    monthlyLimit: null,
    yearlyLimit: null,
    receiptRequired: false,
    taxable: false,
    archived: false,
  },
  {
    id: 2,
    name: 'Meals',
    perClaimLimit: 30,
    monthlyLimit: null,
    yearlyLimit: null,
    receiptRequired: false,
    taxable: false,
    archived: false,
  },
];
const me = { id: staff.id, fullName: staff.fullName, email: staff.email };
const filed = {
  id: 51,
  status: 'PENDING',
  claimTypeId: 1,
  type: 'Transport',
  date: today,
  amount: 12.5,
  description: 'Taxi to the client',
  receiptKey: null,
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
const overLimit: ApiError = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Over the Meals limit of $30.00 per claim.',
};

const type = (name: string, value: string): FormWalkEvent => ({ type: 'user.types', name, value });
const leave = (name: string): FormWalkEvent => ({ type: 'user.leaves', name });
const submit: FormWalkEvent = { type: 'user.submits' };
const done: FormWalkEvent = { type: 'server.accepts', answer: filed };
const failed: FormWalkEvent = { type: 'server.refuses', refusal: overLimit };
const complete = [type('claimTypeId', '1'), type('date', today), type('description', 'Taxi to the client')];

describeSpecForm({
  title: 'claim form, walked from its spec model (the New claim dialog on My Claims)',
  form: claimForm,
  starts: [
    {
      name: 'staff files a new claim',
      open: async (inspect) => {
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
        return app;
      },
    },
  ],
  events: [
    ...complete,
    type('amount', '12.50'),
    type('amount', ''),
    type('description', ''),
    leave('amount'),
    submit,
    done,
    failed,
  ],
  app: {
    machine: claimFormMachine,
    holds: [newClaimMachine],
    // No receipt is chosen here (my-claims walks one): the flow gives the form nothing.
    notOnThisScreen: [...NO_FILE, ...NO_REFERENCE, 'receipt.select'],
  },
  scenarios: [
    {
      name: 'the amount in dollars, two decimals at most, more than zero; refused over a limit, then filed',
      events: [
        type('amount', '0'),
        leave('amount'),
        type('amount', '-5'),
        type('amount', '12.345'),
        type('amount', 'twelve'),
        submit,
        type('claimTypeId', '2'),
        type('date', today),
        type('amount', '1,234.50'),
        type('description', '  Dinner with the client  '),
        submit,
        failed,
        type('claimTypeId', '1'),
        type('amount', '12.50'),
        submit,
        done,
      ],
    },
  ],
});

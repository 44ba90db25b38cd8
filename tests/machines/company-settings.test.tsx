import { fireEvent, screen } from '@testing-library/react';
import { companySettingsMachine } from '../../machines/company-settings.machine';
import type { CompanyPage as Company } from '../../src/domain/company';
import {
  COMPANY,
  type CompanySettingsModel,
  type CompanySettingsModelEvent,
  companyForm,
  companySettingsModel,
  putBody,
  REFUSED,
  SERVER_DOWN,
  TYPED,
} from '../models/company-settings.model';
import { admin } from '../views/fixtures';
import { setUpCompany } from './fixtures';
import { type RunningApp, renderApp, settle, signedIn } from './harness';
import { describeSpecWalk } from './spec-walk';

/**
 * The Company page (/admin/company) walked from its spec model (tests/models/company-settings.model.ts): the
 * stored particulars fetched (or not), then saved through the Company form, the server storing or refusing.
 * The app's company-settings machine is only watched, for coverage; the form's rules are walked in
 * company-form.test.tsx.
 */

type Event = CompanySettingsModelEvent;
type ModelSnapshot = { value: unknown; context: CompanySettingsModel; matches: (v: string) => boolean };

/** A company set up. */
const setUp = setUpCompany;
/** A company never set up: only its name (the server's default). */
const neverSetUp: Company = {
  name: 'HR Portal',
  uen: null,
  cpfSubmissionNumber: null,
  address: null,
  authorisedPersonName: null,
  authorisedPersonDesignation: null,
  authorisedPersonPhone: null,
  authorisedPersonEmail: null,
  protectEmailedPayslips: true,
  requirePayRunApproval: true,
  claimWindowDays: 90,
  bankName: null,
  bankAccountNo: null,
  bankAccountName: null,
  bankAccounts: [],
  mailDelivery: { mode: 'OUTBOX' },
};
/** What the server stored from a save (its own reading: the account name in capitals). */
const stored: Company = {
  ...setUp,
  ...putBody(setUp),
  bankAccountName: 'ACME HOLDINGS PTE LTD',
  bankAccounts: setUp.bankAccounts.map((account) => ({ ...account, accountName: 'ACME HOLDINGS PTE LTD' })),
};

const starts = [{ name: 'admin opens Company', input: { held: { setUp, neverSetUp }, stored } }];
const events: Event[] = [
  { type: 'server.sendsCompany', company: 'setUp' },
  { type: 'server.sendsCompany', company: 'neverSetUp' },
  { type: 'server.failsCompany' },
  { type: 'user.triesAgain' },
  { type: 'user.saves' },
  { type: 'server.stores' },
  { type: 'server.refusesSave' },
];

/** A save is walked from a company set up (the form's rules for the others are company-form.test.tsx's). */
const canProduce = (m: ModelSnapshot, event: Event) =>
  event.type !== 'user.saves' || m.context.shown?.uen !== null;

async function perform(app: RunningApp, event: Event) {
  switch (event.type) {
    case 'server.sendsCompany':
      app.server.answer('GET', COMPANY, 200, event.company === 'setUp' ? setUp : neverSetUp);
      break;
    case 'server.failsCompany':
      app.server.answer('GET', COMPANY, SERVER_DOWN.statusCode, SERVER_DOWN);
      break;
    case 'user.triesAgain':
      await app.user.click(screen.getByText('Try again', { selector: 'button' }));
      break;
    case 'user.saves': {
      const form = companyForm() as HTMLElement;
      for (const [name, value] of Object.entries(TYPED))
        fireEvent.change(form.querySelector(`[name="${name}"]`) as HTMLInputElement, { target: { value } });
      await settle();
      await app.user.click(screen.getByText('Save', { selector: 'button' }));
      break;
    }
    case 'server.stores':
      app.server.answer('PUT', COMPANY, 200, stored);
      break;
    case 'server.refusesSave':
      app.server.answer('PUT', COMPANY, REFUSED.statusCode, REFUSED);
      break;
  }
  await settle();
}

describeSpecWalk<typeof companySettingsModel, Event>({
  title: 'Company, walked from its spec model',
  model: companySettingsModel,
  starts,
  events,
  canProduce: canProduce as never,
  app: { machine: companySettingsMachine },
  open: (_, inspect) => renderApp({ path: '/admin/company', storage: signedIn(admin), inspect }),
  perform: (app, event) => perform(app, event),
  label: (event) =>
    event.type === 'server.sendsCompany' ? `server.sendsCompany (${event.company})` : event.type,
  scenarios: [
    {
      name: 'a company never set up shows its empty fields',
      events: [{ type: 'server.sendsCompany', company: 'neverSetUp' }],
    },
    {
      name: 'Save stored: the form shows what the server stored, nothing fetched again',
      events: [
        { type: 'server.sendsCompany', company: 'setUp' },
        { type: 'user.saves' },
        { type: 'server.stores' },
      ],
    },
    {
      name: 'Save refused: what was typed stays with the reason; saved again, stored',
      events: [
        { type: 'server.sendsCompany', company: 'setUp' },
        { type: 'user.saves' },
        { type: 'server.refusesSave' },
        { type: 'user.saves' },
        { type: 'server.stores' },
      ],
    },
    {
      name: 'failed, Try again, fetched',
      events: [
        { type: 'server.failsCompany' },
        { type: 'user.triesAgain' },
        { type: 'server.sendsCompany', company: 'setUp' },
      ],
    },
  ],
});

import { type ActorRefFrom, assign, setup, stopChild } from 'xstate';
import type { ApiError } from '../src/domain/auth';
import { type CompanyPage, companyFormValues, type MailDelivery } from '../src/domain/company';
import { submissionToasts } from '../src/domain/messages/submissions';
import { companyFormMachine } from './company-form.machine';
import { childNews, notProvided, type ToastParams } from './effects';
import { type LoadActorRef, loadMachine, loadNews } from './load.machine';

/**
 * The Company page (/admin/company, issue 15): the stored particulars are fetched (the load statechart,
 * machines/load.machine.ts), then edited in the Company form (machines/company-form.machine.ts), which this
 * machine makes from them. After a save the form is made again from what the server stored, so the page
 * always shows the truth. How the server delivers mail is shown beside the form, read-only.
 */
export interface CompanySettingsContext {
  /** The stored particulars' fetch: its skeleton, its failure and Try again. */
  company: LoadActorRef;
  form: ActorRefFrom<typeof companyFormMachine> | null;
  /** How the server delivers mail (SMTP host or the outbox), as the last answer said. */
  mailDelivery: MailDelivery | null;
}

export type CompanySettingsEvent =
  | { type: 'company.loaded'; company: CompanyPage }
  | { type: 'company.failed'; error: ApiError }
  | { type: 'xstate.done.actor.companyForm'; output: CompanyPage };

export const companySettingsMachine = setup({
  types: {
    context: {} as CompanySettingsContext,
    events: {} as CompanySettingsEvent,
  },
  actors: {
    company: loadMachine,
    companyForm: companyFormMachine,
    /** Hears the fetch's outcome and passes it to this machine. */
    companyNews: childNews<{ company: LoadActorRef }>((input, tell) =>
      loadNews<CompanyPage>(input.company, {
        loaded: (company) => tell({ type: 'company.loaded', company }),
        failed: (error) => tell({ type: 'company.failed', error }),
      }),
    ),
  },
  actions: {
    notify: notProvided('company-settings', 'notify') as (_: unknown, params: ToastParams) => void,
    /** The form is made again after each save, so it has an id but no systemId. */
    newForm: assign({
      form: ({ spawn }, company: CompanyPage) =>
        spawn('companyForm', {
          id: 'companyForm',
          input: { params: {}, values: companyFormValues(company) },
        }),
      mailDelivery: (_, company: CompanyPage) => company.mailDelivery,
    }),
  },
}).createMachine({
  id: 'companySettings',
  description: "The Company page: the company's particulars fetched, then edited in its form.",
  context: ({ spawn }) => ({
    company: spawn('company', { id: 'company', systemId: 'companyLoad', input: {} }),
    form: null,
    mailDelivery: null,
  }),
  invoke: { src: 'companyNews', input: ({ context }) => ({ company: context.company }) },
  initial: 'fetching',
  states: {
    fetching: {
      description: 'The stored particulars are on their way: the load shows its skeleton, or its failure.',
      on: {
        'company.loaded': {
          target: 'editing',
          description: 'They arrived: the form is made from them; how mail is delivered is shown beside it.',
          actions: { type: 'newForm', params: ({ event }) => event.company },
        },
        'company.failed': {
          description: 'They could not be fetched: a toast says so; the load offers Try again.',
          actions: { type: 'notify', params: ({ event }) => submissionToasts.companyLoadFailed(event.error) },
        },
      },
    },
    editing: {
      description: 'The form shows the stored particulars; Save sends them.',
      on: {
        'xstate.done.actor.companyForm': {
          description: 'Saved: the form is made again from what the server stored.',
          actions: [
            stopChild(({ context }) => context.form ?? ''),
            { type: 'newForm', params: ({ event }) => event.output },
          ],
        },
      },
    },
  },
});

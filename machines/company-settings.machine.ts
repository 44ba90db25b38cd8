import { type ActorRefFrom, assign, fromPromise, setup, stopChild } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import type { ApiError } from '../src/domain/auth';
import { type Company, companyFormValues } from '../src/domain/company';
import { submissionToasts } from '../src/domain/messages/submissions';
import { companyFormMachine } from './company-form.machine';
import { notProvided, type ToastParams } from './effects';

/**
 * The Company page (/admin/company, issue 15): the stored particulars are fetched, then edited in
 * the Company form (machines/company-form.machine.ts), which this machine makes from them. After a
 * save the form is made again from what the server stored, so the page always shows the truth.
 */
export interface CompanySettingsContext {
  form: ActorRefFrom<typeof companyFormMachine> | null;
  error: ApiError | null;
}

export type CompanySettingsEvent =
  | { type: 'company.reload' }
  | { type: 'xstate.done.actor.companyForm'; output: Company };

export const companySettingsMachine = setup({
  types: {
    context: {} as CompanySettingsContext,
    events: {} as CompanySettingsEvent,
  },
  actors: {
    loadCompany: fromPromise<Company>(notProvided('company-settings', 'loadCompany')),
    companyForm: companyFormMachine,
  },
  actions: {
    notify: notProvided('company-settings', 'notify') as (_: unknown, params: ToastParams) => void,
    /** The form is made again after each save, so it has an id but no systemId. */
    newForm: assign({
      form: ({ spawn }, company: Company) =>
        spawn('companyForm', {
          id: 'companyForm',
          input: { params: {}, values: companyFormValues(company) },
        }),
    }),
  },
}).createMachine({
  id: 'companySettings',
  description: "The Company page: the company's particulars fetched, then edited in its form.",
  context: { form: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The stored particulars are fetched; a skeleton shows.',
      invoke: {
        id: 'loadCompany',
        src: 'loadCompany',
        onDone: {
          target: 'editing',
          actions: [assign({ error: null }), { type: 'newForm', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error) }),
            {
              type: 'notify',
              params: ({ event }) => submissionToasts.companyLoadFailed(toApiError(event.error)),
            },
          ],
        },
      },
    },
    failed: {
      description: 'They could not be fetched: the error and Try again show.',
      on: { 'company.reload': 'loading' },
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

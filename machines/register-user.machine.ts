import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../src/domain/api-error';
import { type ApiError, COMPANY_EMAIL_MESSAGE, type Role } from '../src/domain/auth';
import { type FieldErrors, fieldErrorsOf } from '../src/domain/form-errors';
import { registerFormSchema } from '../src/domain/users';
import type { ToastParams } from './session.machine';

/** The register form's fields (spec section 2, Admin register). */
export interface RegisterValues {
  fullName: string;
  email: string;
  role: Role | '';
  password: string;
}

export const emptyRegisterValues: RegisterValues = { fullName: '', email: '', role: '', password: '' };

export interface RegisterContext {
  values: RegisterValues;
  errors: FieldErrors;
  error: ApiError | null;
}

export type RegisterEvent =
  | { type: 'register.change'; field: keyof RegisterValues; value: string }
  | { type: 'register.submit' };

export interface RegisteredUser {
  id: number;
  fullName: string;
  role: Role;
}

/** Server messages that belong to one field. */
const fieldOfServerMessage = (message: string): keyof RegisterValues | null => {
  if (message.includes(COMPANY_EMAIL_MESSAGE) || /email/i.test(message)) return 'email';
  if (/password/i.test(message)) return 'password';
  return null;
};

export const registerUserMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
  },
  actors: {
    registerUser: fromPromise<RegisteredUser, RegisterValues>(() => {
      throw new Error("register-user machine: 'registerUser' is provided by the app");
    }),
  },
  actions: {
    notify: (_, _params: ToastParams) => {},
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    isFormValid: ({ context }) => registerFormSchema.safeParse(context.values).success,
    isStaff: (_, params: { role: Role }) => params.role === 'STAFF',
  },
}).createMachine({
  id: 'registerUser',
  description: "The 'Register a New Account' form (/admin/register).",
  context: { values: emptyRegisterValues, errors: {}, error: null },
  initial: 'form',
  on: {
    'register.change': {
      description: 'A field changes; its message goes until the next submit.',
      actions: assign(({ context, event }) => ({
        values: { ...context.values, [event.field]: event.value },
        errors: Object.fromEntries(Object.entries(context.errors).filter(([field]) => field !== event.field)),
      })),
    },
  },
  states: {
    form: {
      description: 'The admin fills in the form; messages show beside the fields they concern.',
      initial: 'editing',
      on: {
        'register.submit': [
          { guard: 'isFormValid', target: 'submitting' },
          {
            target: '.invalid',
            description: "Shows 'All fields are required.' beside every empty field.",
            actions: assign({
              errors: ({ context }) => fieldErrorsOf(registerFormSchema.safeParse(context.values)),
            }),
          },
        ],
      },
      states: {
        editing: { description: 'Nothing sent yet, or the values changed since.' },
        invalid: { description: 'A field is empty or the e-mail is not an address.' },
        submitFailed: {
          description: 'The server refused: its message shows in a toast and beside its field.',
        },
      },
    },
    submitting: {
      description: 'POST /auth/register is in flight; the button shows Processing...',
      invoke: {
        id: 'registerUser',
        src: 'registerUser',
        input: ({ context }) => context.values,
        onDone: [
          {
            guard: { type: 'isStaff', params: ({ event }) => ({ role: event.output.role }) },
            target: 'created',
            description: 'A STAFF account goes on to onboarding.',
            actions: [
              { type: 'notify', params: { type: 'success', title: 'User created!' } },
              {
                type: 'navigate',
                params: ({ event }) => ({ to: `/admin/onboard/${event.output.id}` }),
              },
            ],
          },
          {
            target: 'created',
            description: 'An ADMIN account goes back to the staff list.',
            actions: [
              { type: 'notify', params: { type: 'success', title: 'User created!' } },
              { type: 'navigate', params: { to: '/admin/users' } },
            ],
          },
        ],
        onError: {
          target: 'form.submitFailed',
          description: "The server's message shows in a toast and beside its field.",
          actions: [
            assign(({ context, event }) => {
              const error = toApiError(event.error);
              const field = fieldOfServerMessage(error.message);
              return {
                error,
                errors: field ? { ...context.errors, [field]: error.message } : context.errors,
              };
            }),
            {
              type: 'notify',
              params: ({ event }) => ({ type: 'error', title: toApiError(event.error).message }),
            },
          ],
        },
      },
    },
    created: {
      description: "The account exists: 'User created!' and the next screen.",
      type: 'final',
    },
  },
});

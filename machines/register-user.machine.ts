import type { Role } from '../src/domain/auth';
import { staffToasts } from '../src/domain/messages/staff';
import { type RegisterFormValues, registerFormSchema } from '../src/domain/users';
import { createFormMachine } from './form';

/** What POST /auth/register answers: the new account. */
export interface RegisteredUser {
  id: number;
  fullName: string;
  role: Role;
}

/**
 * The 'Register a New Account' form (/admin/register). Once it finishes it sends a STAFF account on to
 * /admin/onboard/{id} and an ADMIN account back to /admin/users (spec section 2).
 */
export const registerUserMachine = createFormMachine<
  RegisterFormValues,
  { fullName: string; email: string; role: Role; password: string },
  RegisteredUser
>({
  id: 'registerUser',
  description:
    'The register form: full name, email, role and a temporary password, then POST /auth/register.',
  initialValues: { fullName: '', email: '', role: '', password: '' },
  schema: registerFormSchema,
  request: {
    id: 'registerUser',
    description: "POST /auth/register is in flight; the button reads 'Processing...'.",
  },
  successToast: () => staffToasts.created,
  failureToast: staffToasts.createFailed,
  afterSuccess: {
    description: 'The account exists: STAFF go on to onboarding, ADMIN back to the staff list.',
    goTo: (user: RegisteredUser) => (user.role === 'STAFF' ? `/admin/onboard/${user.id}` : '/admin/users'),
  },
});

import type { LoginRequest, LoginResponse } from '../src/domain/auth';
import { type LoginFormValues, loginFormSchema } from '../src/domain/auth-forms';
import { sessionToasts } from '../src/domain/messages/session';
import { createFormMachine } from './form';

/** The sign-in form of /login. The session invokes it while nobody is signed in and takes its answer. */
export const loginFormMachine = createFormMachine<LoginFormValues, LoginRequest, LoginResponse>({
  id: 'loginForm',
  description: 'The sign-in form: Email and Password, then POST /auth/login.',
  initialValues: { email: '', password: '' },
  schema: loginFormSchema,
  request: { id: 'logIn', description: "POST /auth/login is in flight; Login reads 'Processing...'." },
  failureToast: sessionToasts.loginFailed,
  afterSuccess: { description: 'Signed in: the session takes the answer.' },
});

/** Login is disabled while either field is empty (spec section 2). */
export const canSubmitLogin = (values: LoginFormValues) =>
  values.email.trim() !== '' && values.password !== '';

import { RegisterScreen } from '../views/register/register-screen';
import type { AppServices } from './services';
import { registerUser } from './staff-records-effects';

/** /admin/register */
export default function RegisterRoute({ services }: { services: AppServices }) {
  return <RegisterScreen logic={registerUser} inspect={services.inspect} />;
}

import { useParams } from 'wouter';
import { todayIso } from '../domain/dates';
import { OnboardingScreen } from '../views/onboarding/onboarding-screen';
import type { AppServices } from './services';
import { onboarding } from './staff-records-effects';

/** A path id: digits only, within the id range; anything else is no user. */
export const pathId = (value: string | undefined): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

/** /admin/onboard/:id; another id is another wizard. */
export default function OnboardingRoute({ services }: { services: AppServices }) {
  const { id } = useParams<{ id: string }>();
  return (
    <OnboardingScreen
      key={id}
      logic={onboarding}
      userId={pathId(id)}
      today={todayIso()}
      inspect={services.inspect}
    />
  );
}

import { Button, Card, Input, RadioCard, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent, Observer } from 'xstate';
import type { RegisterValues, registerUserMachine } from '../../../machines/register-user.machine';
import { ROLES } from '../../domain/auth';
import { FormField } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import { PasswordInput } from '../../ui/password-input';

/** Spec section 2: what each role means. */
const ROLE_DESCRIPTIONS = {
  ADMIN: 'Full administrative control over employees',
  STAFF: 'Basic employee access',
} as const;

/** /admin/register: 'Register a New Account'. */
export function RegisterScreen({
  logic,
  inspect,
}: {
  logic: typeof registerUserMachine;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { inspect });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const change = (field: keyof RegisterValues) => (value: string) =>
    actor.send({ type: 'register.change', field, value });

  return (
    <Stack gap="2" maxW="2xl">
      <PageTitle>Register a New Account</PageTitle>
      <Card.Root>
        <Card.Body p={{ base: '4', md: '6' }}>
          <form
            noValidate
            aria-label="Register a New Account"
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'register.submit' });
            }}
          >
            <Stack gap="5">
              <FormField label="Full Name" error={errors.fullName} required disabled={submitting}>
                <Input
                  name="fullName"
                  autoComplete="off"
                  maxLength={200}
                  value={values.fullName}
                  onChange={(event) => change('fullName')(event.target.value)}
                />
              </FormField>
              <FormField label="Email" error={errors.email} required disabled={submitting}>
                <Input
                  name="email"
                  type="email"
                  autoComplete="off"
                  maxLength={254}
                  value={values.email}
                  onChange={(event) => change('email')(event.target.value)}
                />
              </FormField>
              <RadioCard.Root
                name="role"
                value={values.role || null}
                onValueChange={(details) => change('role')(details.value ?? '')}
                disabled={submitting}
                invalid={Boolean(errors.role)}
                colorPalette="teal"
              >
                <RadioCard.Label>Role</RadioCard.Label>
                <Stack direction={{ base: 'column', md: 'row' }} gap="3">
                  {ROLES.map((role) => (
                    <RadioCard.Item key={role} value={role} flex="1">
                      <RadioCard.ItemHiddenInput />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent>
                          <RadioCard.ItemText>{role}</RadioCard.ItemText>
                          <RadioCard.ItemDescription>{ROLE_DESCRIPTIONS[role]}</RadioCard.ItemDescription>
                        </RadioCard.ItemContent>
                        <RadioCard.ItemIndicator />
                      </RadioCard.ItemControl>
                    </RadioCard.Item>
                  ))}
                </Stack>
                {errors.role && (
                  <Stack color="fg.error" fontSize="sm" role="alert">
                    {errors.role}
                  </Stack>
                )}
              </RadioCard.Root>
              <FormField
                label="Temporary Password"
                error={errors.password}
                required
                disabled={submitting}
                helper="The new user sets a password of their own at first sign-in."
              >
                <PasswordInput
                  name="password"
                  autoComplete="new-password"
                  maxLength={128}
                  value={values.password}
                  onChange={(event) => change('password')(event.target.value)}
                />
              </FormField>
              <Button type="submit" colorPalette="teal" loading={submitting} loadingText="Processing...">
                Register
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

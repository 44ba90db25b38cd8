import { Card, RadioCard, Stack, Text } from '@chakra-ui/react';
import { useActorRef } from '@xstate/react';
import type { InspectionEvent, Observer } from 'xstate';
import type { registerUserMachine } from '../../../machines/register-user.machine';
import { ROLES } from '../../domain/auth';
import { FormError, FormField, SubmitButton } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import { useForm } from '../../ui/use-form';

/** Spec section 2: what each role means. */
const ROLE_DESCRIPTIONS = {
  ADMIN: 'Full administrative control over employees',
  STAFF: 'Basic employee access',
} as const;

/** /admin/register: 'Register a New Account'; the statechart sends STAFF on to onboarding, ADMIN to the staff list. */
export function RegisterScreen({
  logic,
  inspect,
}: {
  logic: typeof registerUserMachine;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { params: {} }, inspect });
  const form = useForm(actor);
  const role = form.field('role');

  return (
    <Stack gap="2" maxW="2xl">
      <PageTitle>Register a New Account</PageTitle>
      <Card.Root>
        <Card.Body p={{ base: '4', md: '6' }}>
          <form noValidate aria-label="Register a New Account" onSubmit={form.onSubmit}>
            <Stack gap="5">
              <FormField label="Full Name" field={form.field('fullName')} autoComplete="off" />
              <FormField label="Email" type="email" field={form.field('email')} autoComplete="off" />
              <RadioCard.Root
                name="role"
                value={role.value || null}
                onValueChange={(details) => role.onChange(details.value ?? '')}
                disabled={role.disabled}
                invalid={role.error !== undefined}
                colorPalette="teal"
              >
                <RadioCard.Label>Role</RadioCard.Label>
                <Stack direction={{ base: 'column', md: 'row' }} gap="3">
                  {ROLES.map((value) => (
                    <RadioCard.Item key={value} value={value} flex="1">
                      <RadioCard.ItemHiddenInput onBlur={role.onBlur} />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent>
                          <RadioCard.ItemText>{value}</RadioCard.ItemText>
                          <RadioCard.ItemDescription>{ROLE_DESCRIPTIONS[value]}</RadioCard.ItemDescription>
                        </RadioCard.ItemContent>
                        <RadioCard.ItemIndicator />
                      </RadioCard.ItemControl>
                    </RadioCard.Item>
                  ))}
                </Stack>
                {role.error && (
                  <Text color="fg.error" fontSize="sm">
                    {role.error}
                  </Text>
                )}
              </RadioCard.Root>
              <FormField
                label="Temporary Password"
                type="password"
                field={form.field('password')}
                autoComplete="new-password"
                helperText="The new user sets a password of their own at first sign-in."
              />
              <FormError message={form.submitError} />
              <SubmitButton loading={form.submitting}>Register</SubmitButton>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

import { Box, Button, Card, Flex, Heading, Text } from '@chakra-ui/react';
import { Brand } from '../../ui/brand';
import { useSession, useSessionSend } from '../session/session-context';
import { PasswordChangeForm } from './password-change-form';

/**
 * The step a new staff user must take before the staff area opens (the spec leaves this screen unshown):
 * the temporary password from the administrator, then a password of their own.
 */
export function SetPasswordScreen() {
  const send = useSessionSend();
  const fullName = useSession((s) => s.context.user?.fullName ?? '');

  return (
    <Flex minH="100dvh" direction="column" align="center" bg="bg.subtle" px="4" py={{ base: '8', md: '16' }}>
      <Box mb="8">
        <Brand subtitle="Leave, staff and payroll" />
      </Box>
      <Card.Root width="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="xl">
            Set a new password
          </Heading>
          <Text color="fg.muted">
            Welcome, {fullName}. Your account still has the temporary password it was created with: enter it,
            then choose a password of your own.
          </Text>
        </Card.Header>
        <Card.Body>
          <PasswordChangeForm
            id="set-password-form"
            submitLabel="Set Password"
            actions={
              <Button variant="ghost" onClick={() => send({ type: 'session.logout' })}>
                Logout
              </Button>
            }
          />
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}

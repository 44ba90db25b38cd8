import { Box, Flex, Heading, Image, Stack, Tabs, Text } from '@chakra-ui/react';
import { loginTab } from '../../../machines/session.selectors';
import { Brand } from '../../ui/brand';
import { useSession, useSessionSend } from '../session/session-context';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';

/** /login: the sign-in and forgot-password tabs, with the banner beside them on wide screens. */
export function LoginScreen() {
  const tab = useSession(loginTab);
  const send = useSessionSend();

  return (
    <Flex minH="100dvh" bg="bg">
      <Flex flex="1" direction="column" px={{ base: '5', md: '10' }} py={{ base: '8', md: '10' }}>
        <Brand subtitle="Leave, staff and payroll" />
        <Flex flex="1" align="center" justify="center" py="8">
          <Stack gap="6" width="full" maxW="sm">
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                {tab === 'login' ? 'Welcome back' : 'Reset your password'}
              </Heading>
              <Text color="fg.muted">
                {tab === 'login'
                  ? 'Sign in with your work email and password.'
                  : 'We will e-mail you a reset link.'}
              </Text>
            </Stack>
            <Tabs.Root
              value={tab}
              variant="enclosed"
              fitted
              // Only the chosen form is in the page, so its labels are the only 'Email' a user (or a screen reader) meets.
              lazyMount
              unmountOnExit
              onValueChange={({ value }) =>
                send({ type: value === 'forgotPassword' ? 'forgotPassword.open' : 'login.open' })
              }
            >
              <Tabs.List mb="6">
                <Tabs.Trigger value="login">Login</Tabs.Trigger>
                <Tabs.Trigger value="forgotPassword">Forgot Password</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login">
                <SignInForm />
              </Tabs.Content>
              <Tabs.Content value="forgotPassword">
                <ForgotPasswordForm />
              </Tabs.Content>
            </Tabs.Root>
          </Stack>
        </Flex>
      </Flex>
      <Box display={{ base: 'none', lg: 'block' }} flex="1" maxW="50%" position="relative" bg="teal.900">
        <Image src="/login-banner.svg" alt="" position="absolute" inset="0" boxSize="full" fit="cover" />
      </Box>
    </Flex>
  );
}

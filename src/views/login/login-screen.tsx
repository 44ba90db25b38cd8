import { Alert, Box, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { forgotPasswordActor, loginFormActor, signedOutNotice } from '../../../machines/session.selectors';
import { Brand } from '../../ui/brand';
import { ScreenHeading } from '../../ui/page-title';
import { type TabItem, TabSet } from '../../ui/tab-set';
import { useSession } from '../session/session-context';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';

type LoginTab = 'login' | 'forgotPassword';

const TABS: readonly TabItem<LoginTab>[] = [
  { value: 'login', label: 'Login' },
  { value: 'forgotPassword', label: 'Forgot Password' },
];

/**
 * /login: the sign-in and forgot-password tabs, with the banner beside them on wide screens. Which tab shows
 * is this screen's own business; both forms are machines the session runs while nobody is signed in, so the
 * resend lock and typed values survive a switch.
 */
export function LoginScreen() {
  const [tab, setTab] = useState<LoginTab>('login');
  const loginForm = useSession(loginFormActor);
  const forgotPassword = useSession(forgotPasswordActor);
  const notice = useSession(signedOutNotice);
  if (!loginForm || !forgotPassword) return null;

  return (
    <Flex minH="100dvh" bg="bg">
      <Flex as="main" flex="1" direction="column" px={{ base: '5', md: '10' }} py={{ base: '8', md: '10' }}>
        <Brand subtitle="Leave, staff and payroll" />
        <Flex flex="1" align="center" justify="center" py="8">
          <Stack gap="6" width="full" maxW="sm">
            <Stack gap="1">
              <ScreenHeading size="2xl" title="Login">
                {tab === 'login' ? 'Welcome back' : 'Reset your password'}
              </ScreenHeading>
              <Text color="fg.muted">
                {tab === 'login'
                  ? 'Sign in with your work email and password.'
                  : 'We will e-mail you a reset link.'}
              </Text>
            </Stack>
            {notice && (
              <Alert.Root status="info" variant="subtle">
                <Alert.Indicator />
                <Alert.Description>{notice}</Alert.Description>
              </Alert.Root>
            )}
            {/* Only the chosen form is in the page, so its labels are the only 'Email' a user (or a screen reader) meets. */}
            <TabSet tabs={TABS} value={tab} onValueChange={setTab} variant="enclosed" fitted mb="6">
              {tab === 'login' ? (
                <SignInForm actor={loginForm} onForgotPassword={() => setTab('forgotPassword')} />
              ) : (
                <ForgotPasswordForm actor={forgotPassword} onBackToLogin={() => setTab('login')} />
              )}
            </TabSet>
          </Stack>
        </Flex>
      </Flex>
      <Box display={{ base: 'none', lg: 'block' }} flex="1" maxW="50%" position="relative" bg="teal.900">
        <Image src="/login-banner.svg" alt="" position="absolute" inset="0" boxSize="full" fit="cover" />
      </Box>
    </Flex>
  );
}

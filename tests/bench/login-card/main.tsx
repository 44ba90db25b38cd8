import { Button, Card, ChakraProvider, defaultSystem, Field, Input, Stack } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function LoginCard() {
  return (
    <Card.Root maxW="sm" mx="auto" mt="20">
      <Card.Header>
        <Card.Title>Sign in</Card.Title>
        <Card.Description>Use your work email and password.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Input type="email" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <Input type="password" />
          </Field.Root>
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Button>Login</Button>
      </Card.Footer>
    </Card.Root>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <ChakraProvider value={defaultSystem}>
      <LoginCard />
    </ChakraProvider>
  </StrictMode>,
);

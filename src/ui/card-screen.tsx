import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Brand } from './brand';

/** A centred card under the brand, for screens outside the signed-in layout (reset and set password). */
export function CardScreen({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex minH="100dvh" direction="column" align="center" bg="bg.subtle" px="4" py={{ base: '8', md: '16' }}>
      <Box mb="8">
        <Brand subtitle="Leave, staff and payroll" />
      </Box>
      <Card.Root width="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          <Text color="fg.muted">{intro}</Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Flex>
  );
}

import { Box, Card, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import { ScreenHeading } from './page-title';

/** A centred card under the brand, for screens outside the signed-in layout (reset and set password). */
export function CardScreen({
  title,
  documentTitle,
  intro,
  children,
}: {
  title: string;
  /** The browser tab's name, when it differs from the heading. */
  documentTitle?: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex minH="100dvh" direction="column" align="center" bg="bg.subtle" px="4" py={{ base: '8', md: '16' }}>
      <Box mb="8">
        <Brand subtitle="Leave, staff and payroll" />
      </Box>
      <Card.Root as="main" width="full" maxW="md">
        <Card.Header>
          <ScreenHeading size="xl" title={documentTitle}>
            {title}
          </ScreenHeading>
          <Text color="fg.muted">{intro}</Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Flex>
  );
}

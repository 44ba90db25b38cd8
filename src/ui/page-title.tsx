import { Heading } from '@chakra-ui/react';

/** The heading of a screen inside a layout. */
export function PageTitle({ children }: { children: string }) {
  return (
    <Heading as="h1" size="xl" mb="6">
      {children}
    </Heading>
  );
}

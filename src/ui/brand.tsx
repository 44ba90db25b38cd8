import { Box, HStack, Stack, Text } from '@chakra-ui/react';

export const PRODUCT_NAME = 'HR Portal';

/** The employer's name the server writes into the page it serves (src/server/lib/spa-pages.ts), if any. */
export const pageCompanyName = (): string | undefined =>
  document.querySelector('meta[name="application-name"]')?.getAttribute('content') || undefined;

/** The product mark: a teal tile with two overlapping figures. */
export function BrandMark({ size = 8 }: { size?: number }) {
  return (
    <Box boxSize={size} flexShrink={0} asChild>
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <circle cx="12.5" cy="12" r="4" fill="#ccfbf1" />
        <circle cx="20.5" cy="13.5" r="3.2" fill="#5eead4" />
        <path d="M5.5 25c.6-4.6 3.5-7.4 7-7.4s6.4 2.8 7 7.4z" fill="#ccfbf1" />
        <path d="M17.4 25c.3-2.6 1.2-4.6 3.1-5.7 2.9.2 5.1 2.4 5.9 5.7z" fill="#5eead4" />
      </svg>
    </Box>
  );
}

/** The mark with a name: the company's where it is known (the signed-in sidebar), else the product's. */
export function Brand({
  name = PRODUCT_NAME,
  subtitle,
  compact = false,
}: {
  name?: string;
  subtitle?: string;
  compact?: boolean;
}) {
  return (
    <HStack gap="2.5" minW="0">
      <BrandMark />
      {!compact && (
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" lineHeight="short" truncate title={name}>
            {name}
          </Text>
          {subtitle && (
            <Text fontSize="xs" color="fg.muted" lineHeight="short" truncate>
              {subtitle}
            </Text>
          )}
        </Stack>
      )}
    </HStack>
  );
}

import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ClaimTypeTotal } from '../../domain/claim-screens';
import type { Claim } from '../../domain/claims';
import { formatDayMonthYear } from '../../domain/dates';
import { formatAmount, formatCents } from '../../domain/money';
import { StatusBadge } from '../../ui/status-badge';

/** 'PENDING' -> 'Pending'. */
export const claimStatusLabel = (status: Claim['status']) => status.charAt(0) + status.slice(1).toLowerCase();

export function ClaimStatus({ status }: { status: Claim['status'] }) {
  return <StatusBadge status={status} label={claimStatusLabel(status)} />;
}

export const dollars = (amount: number) => `$${formatAmount(amount)}`;
const cents = (value: number) => `$${formatCents(value)}`;

/** '$40.00 of $100.00 ($60.00 left)', or '$40.00 (no limit)'. */
function used(usedCents: number, limitCents: number | null) {
  if (limitCents === null) return `${cents(usedCents)} (no limit)`;
  const left = Math.max(0, limitCents - usedCents);
  return `${cents(usedCents)} of ${cents(limitCents)} (${cents(left)} left)`;
}

/**
 * Each type's use this month and this year against its limits (pending, approved and paid claims count,
 * as the server counts them when a claim is filed).
 */
export function ClaimTotals({
  totals,
  label,
  single = false,
}: {
  totals: ClaimTypeTotal[];
  label: string;
  /** One card a line, for a narrow place (a side sheet) on a wide screen. */
  single?: boolean;
}) {
  if (totals.length === 0) return <Text color="fg.muted">No claim types.</Text>;
  return (
    <SimpleGrid
      as="ul"
      aria-label={label}
      columns={single ? 1 : { base: 1, md: 2, xl: 3 }}
      gap="3"
      listStyleType="none"
    >
      {totals.map((total) => (
        <Box as="li" key={total.typeId} borderWidth="1px" rounded="md" px="3" py="2">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontWeight="medium">{total.name}</Text>
            {total.perClaimLimitCents !== null && (
              <Text fontSize="xs" color="fg.muted">
                {cents(total.perClaimLimitCents)} a claim
              </Text>
            )}
          </HStack>
          <Text fontSize="sm">This month: {used(total.monthCents, total.monthlyLimitCents)}</Text>
          <Text fontSize="sm">This year: {used(total.yearCents, total.yearlyLimitCents)}</Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** A claim's facts as the review sheet shows them. */
export function ClaimFacts({ claim }: { claim: Claim }) {
  const items: Array<[string, string]> = [
    ['Employee', claim.user.fullName],
    ['Type', claim.type],
    ['Date', formatDayMonthYear(claim.date)],
    ['Amount', dollars(claim.amount)],
    ['Description', claim.description],
  ];
  if (claim.decisionReason) items.push(['Reason', claim.decisionReason]);
  return (
    <Stack as="dl" gap="2">
      {items.map(([term, value]) => (
        <Box key={term}>
          <Text as="dt" fontSize="sm" color="fg.muted">
            {term}
          </Text>
          <Text as="dd" whiteSpace="pre-wrap">
            {value}
          </Text>
        </Box>
      ))}
      <Box>
        <Text as="dt" fontSize="sm" color="fg.muted">
          Status
        </Text>
        <Box as="dd">
          <ClaimStatus status={claim.status} />
        </Box>
      </Box>
    </Stack>
  );
}

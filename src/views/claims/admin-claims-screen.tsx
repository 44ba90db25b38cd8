import { Box, Button, Card, Flex, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import type { AdminClaimsLogic } from '../../actors/claims.actors';
import { type Claim, claimStatusSchema } from '../../domain/claims';
import { formatDayMonthYear } from '../../domain/dates';
import type { ClaimStatus } from '../../domain/enums';
import { MONTH_NAMES } from '../../domain/payslips';
import { columnsFor } from '../../ui/data-table';
import { LabelledField } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { ListTable } from '../list/list-view';
import { claimStatusLabel, dollars, ClaimStatus as StatusOfClaim } from './claim-parts';
import type { ClaimReviewRef } from './claim-review-sheet';
import { ClaimReviewSheet } from './claim-review-sheet';

const column = columnsFor<Claim>();
const monthChoices = MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name }));
const statuses = claimStatusSchema.options as readonly ClaimStatus[];

const claimColumns = (review: ClaimReviewRef) =>
  column.columns([
    column.accessor((claim) => claim.user.fullName, {
      id: 'employee',
      header: 'Employee',
      enableSorting: true,
    }),
    column.accessor('date', {
      header: 'Date',
      enableSorting: true,
      cell: ({ getValue }) => formatDayMonthYear(getValue()),
    }),
    column.accessor('type', { header: 'Type' }),
    // After Type, so a phone's card shows it under the type; the table truncates it, the title has it all.
    column.accessor('description', {
      header: 'Description',
      cell: ({ getValue }) => (
        <Text
          title={getValue()}
          maxW={{ base: 'full', md: '16rem' }}
          overflow="hidden"
          textOverflow="ellipsis"
          whiteSpace={{ base: 'normal', md: 'nowrap' }}
        >
          {getValue()}
        </Text>
      ),
    }),
    column.accessor('amount', {
      header: 'Amount',
      enableSorting: true,
      cell: ({ getValue }) => dollars(getValue()),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <StatusOfClaim status={getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: () => <Box srOnly>Actions</Box>,
      cell: ({ row }) => (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Review the claim of ${row.original.user.fullName}, ${formatDayMonthYear(row.original.date)}`}
          onClick={() => review.send({ type: 'review.open', claim: row.original })}
        >
          Review
        </Button>
      ),
    }),
  ]);

/** /admin/claims (issue 37 item 4): a month's claims, pending first, the review sheet and the report. */
export function AdminClaimsScreen({
  logic,
  adminId,
  today,
  inspect,
}: {
  logic: AdminClaimsLogic;
  adminId: number;
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { adminId, today }, inspect });
  const { year, month, years, status, claims, review, downloading } = useSelector(actor, (s) => s.context);
  const columns = useMemo(() => claimColumns(review), [review]);
  const period = `${MONTH_NAMES[month - 1]} ${year}`;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <PageTitle>Claims</PageTitle>
        {/* The types and their limits are a company setting, and no other screen links to them. */}
        <Button asChild size="sm" variant="outline">
          <RouterLink href="/admin/company/claim-types">Claim types</RouterLink>
        </Button>
      </Flex>
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <HStack gap="3" wrap="wrap" align="flex-end">
          <PickerSelect
            label="Year"
            value={year}
            options={yearChoices(years)}
            onChange={(y) => actor.send({ type: 'period.change', year: y, month })}
          />
          <PickerSelect
            label="Month"
            value={month}
            options={monthChoices}
            onChange={(m) => actor.send({ type: 'period.change', year, month: m })}
          />
          <LabelledField label="Status" width="auto">
            <NativeSelect.Root size="sm" width="10rem">
              <NativeSelect.Field
                value={status}
                onChange={(event) =>
                  actor.send({ type: 'status.change', status: event.target.value as ClaimStatus | '' })
                }
              >
                <option value="">All statuses</option>
                {statuses.map((s) => (
                  <option key={s} value={s}>
                    {claimStatusLabel(s)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </LabelledField>
        </HStack>
        <HStack gap="2">
          {(['csv', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              size="sm"
              variant="outline"
              disabled={downloading !== null}
              loading={downloading === format}
              aria-label={`Report ${format.toUpperCase()} of ${period}`}
              onClick={() => actor.send({ type: 'report.download', format })}
            >
              Report {format.toUpperCase()}
            </Button>
          ))}
        </HStack>
      </Flex>
      <Text color="fg.muted">Claims awaiting a decision come first.</Text>
      <Card.Root>
        <Card.Body p={{ base: '4', md: '6' }}>
          <ListTable
            actor={claims}
            label={`Claims of ${period}`}
            columns={columns}
            minWidth="720px"
            caption={(total) => (total === 1 ? `1 claim in ${period}.` : `${total} claims in ${period}.`)}
          />
        </Card.Body>
      </Card.Root>
      <ClaimReviewSheet actor={review} />
    </Stack>
  );
}

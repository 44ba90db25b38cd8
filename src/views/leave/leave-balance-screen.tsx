import { Button, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { leaveYearEndMachine } from '../../../machines/leave-year-end.machine';
import { isLoadingRows, loadError } from '../../../machines/list.selectors';
import type { LeaveBalanceReportLogic } from '../../actors/leave-admin.actors';
import { formatDateTimeSeconds } from '../../domain/dates';
import type { LeaveType } from '../../domain/leave';
import { type BalanceReportRow, balanceOf } from '../../domain/leave-balance-report';
import { yearEndQuestion } from '../../domain/leave-policy-form';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { columnsFor } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { type ListActorRef, ListTable } from '../list/list-view';

/** Spec section 2: a column is headed by the leave type's name without its last word ('Annual Leave' -> 'Annual'). */
const balanceColumnHeader = (name: string) => {
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? words.slice(0, -1).join(' ') : name;
};

const column = columnsFor<BalanceReportRow>();
/** The column ids are the sort keys of `balanceSortKeys` (the list sorts the rows). */
const balanceColumns = (types: readonly LeaveType[]) =>
  column.columns([
    column.accessor((row) => row.user.fullName, { id: 'employee', header: 'Employee', enableSorting: true }),
    ...types.map((type) =>
      column.accessor((row) => balanceOf(row, type.id), {
        id: `type-${type.id}`,
        header: balanceColumnHeader(type.name),
        enableSorting: true,
        cell: ({ getValue }) => {
          const value = getValue();
          return value === null ? '-' : value;
        },
      }),
    ),
  ]);

const NO_TYPES: readonly LeaveType[] = [];

/** /admin/leave-balance (spec section 2, Admin leave balance). */
export function LeaveBalanceScreen({
  logic,
  today,
  inspect,
}: {
  logic: LeaveBalanceReportLogic;
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { today }, inspect });
  const year = useSelector(actor, (s) => s.context.year);
  const years = useSelector(actor, (s) => s.context.years);
  const facts = useSelector(actor, (s) => s.context.facts);
  const opening = useSelector(actor, (s) => s.matches('openingPdf'));
  const yearEnd = useSelector(actor, (s) => s.context.yearEnd);
  const balances = useSelector(actor, (s) => s.context.balances);
  const loading = useSelector(balances, isLoadingRows);
  const types = facts?.types ?? NO_TYPES;
  const columns = useMemo(() => balanceColumns(types), [types]);

  return (
    <Stack gap="4">
      <PageTitle>View Employee's Leave Balance</PageTitle>
      <Flex justify="space-between" align="flex-end" gap="4" wrap="wrap">
        <PickerSelect
          label="Year"
          value={year}
          options={yearChoices(years)}
          disabled={loading || opening}
          onChange={(y) => actor.send({ type: 'year.change', year: y })}
        />
        <Flex gap="2" wrap="wrap">
          <CloseYear actor={yearEnd} disabled={!facts || loading || opening} />
          <Button
            variant="outline"
            size="sm"
            disabled={!facts || loading || opening}
            loading={opening}
            loadingText="Processing..."
            onClick={() => actor.send({ type: 'pdf.open' })}
          >
            Open in PDF
          </Button>
        </Flex>
      </Flex>
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
            <Heading as="h2" size="md">
              Leave Balance {year}
            </Heading>
            {facts && (
              <Text fontSize="sm" color="fg.muted">
                Last fetched: {formatDateTimeSeconds(new Date(facts.fetchedAt))}
              </Text>
            )}
          </Flex>
          {facts ? (
            <ListTable<BalanceReportRow>
              actor={balances}
              label={`Leave Balance ${year}`}
              columns={columns}
              minWidth={`${Math.max(600, 160 + types.length * 110)}px`}
              caption={(total) => `A total of ${total} employees.`}
              paged={false}
            />
          ) : (
            <BalanceSkeleton balances={balances} />
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** Until the year's figures are in: a skeleton, with Try again once the fetch failed. */
function BalanceSkeleton({ balances }: { balances: ListActorRef }) {
  const failed = useSelector(balances, (s) => loadError(s) !== null);
  return (
    <Stack gap="3" aria-busy="true" data-testid="balance-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height="6" />
      ))}
      {failed && (
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => balances.send({ type: 'list.reload' })}
        >
          Try again
        </Button>
      )}
    </Stack>
  );
}

/**
 * Close year (issue 17): offered for the year shown once its December has begun, and for earlier years.
 * It first asks the server what it would do, then confirms with those figures.
 */
function CloseYear({
  actor,
  disabled,
}: {
  actor: ActorRefFrom<typeof leaveYearEndMachine>;
  disabled: boolean;
}) {
  const offered = useSelector(actor, (s) => s.matches('idle') && s.can({ type: 'yearEnd.request' }));
  const previewing = useSelector(actor, (s) => s.matches('previewing'));
  const confirming = useSelector(actor, (s) => s.matches('confirming') || s.matches('closing'));
  const closing = useSelector(actor, (s) => s.matches('closing'));
  const summary = useSelector(actor, (s) => s.context.summary);
  const year = useSelector(actor, (s) => s.context.year);
  if (!offered && !previewing && !confirming) return null;
  return (
    <>
      <Button
        colorPalette="teal"
        size="sm"
        disabled={disabled || !offered}
        loading={previewing}
        loadingText="Processing..."
        onClick={() => actor.send({ type: 'yearEnd.request' })}
      >
        Close year {year}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Close year ${year}`}
        description={summary ? yearEndQuestion(summary) : ''}
        confirmLabel="Confirm"
        destructive={false}
        busy={closing}
        onConfirm={() => actor.send({ type: 'yearEnd.confirm' })}
        onCancel={() => actor.send({ type: 'yearEnd.cancel' })}
      />
    </>
  );
}

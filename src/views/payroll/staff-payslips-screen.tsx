import { Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'wouter';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { staffPayslipsMachine } from '../../../machines/staff-payslips.machine';
import type { StaffPayslipsLogic } from '../../actors/staff-payslips.actors';
import { formatAmount } from '../../domain/money';
import type { StaffPayslipRow } from '../../domain/pay-lists';
import { expenseClaimLine } from '../../domain/payslip-labels';
import { monthName } from '../../domain/payslips';
import { columnsFor } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { ListTable } from '../list/list-view';

type StaffPayslipsRef = ActorRefFrom<typeof staffPayslipsMachine>;
const column = columnsFor<StaffPayslipRow>();
const money = (pick: (row: StaffPayslipRow) => number, header: string, id: string) =>
  column.accessor(pick, { id, header, cell: ({ getValue }) => formatAmount(getValue()) });

function ViewButton({ actor, row }: { actor: StaffPayslipsRef; row: StaffPayslipRow }) {
  // While a payslip or the IR8A opens, View waits.
  const opening = useSelector(actor, (s) => !s.matches('ready'));
  // Spec section 8: the button whose request is in flight reads 'Processing...'.
  const viewing = useSelector(actor, (s) => s.context.viewing === row.payslipId);
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={opening}
      loading={viewing}
      loadingText="Processing..."
      aria-label={`View payslip for ${monthName(row.payslipMonth)} ${row.payslipYear}`}
      onClick={() => actor.send({ type: 'payslip.view', payslipId: row.payslipId })}
    >
      View
    </Button>
  );
}

const payslipColumns = (actor: StaffPayslipsRef) =>
  column.columns([
    column.accessor((row) => monthName(row.payslipMonth), { id: 'month', header: 'Month' }),
    column.accessor('payslipYear', { header: 'Year' }),
    money((row) => row.grossPay, 'Gross Pay', 'grossPay'),
    money((row) => row.totalEmployeeCpfContribution, 'Employee CPF', 'employeeCpf'),
    money((row) => row.netPay, 'Net Pay', 'netPay'),
    money((row) => row.otherItems, 'Other Items', 'otherItems'),
    money((row) => row.netPayable, 'Net Payable', 'netPayable'),
    // Issue 37: the expense claims this payslip pays, as its PDF lists them.
    column.display({
      id: 'claims',
      header: 'Expense Claims',
      cell: ({ row }) =>
        (row.original.claims ?? []).length === 0 ? null : (
          <Stack gap="0.5" minW="14rem">
            {(row.original.claims ?? []).map((claim, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, where two claims may read alike
              <Text key={`${claim.date}-${claim.type}-${i}`} fontSize="xs">
                {expenseClaimLine(claim)} ${formatAmount(claim.amount)}
              </Text>
            ))}
          </Stack>
        ),
    }),
    column.display({
      id: 'view',
      header: 'Payslip',
      cell: ({ row }) => <ViewButton actor={actor} row={row.original} />,
    }),
  ]);

/** /staff/payslips (spec section 2, Staff pay records). */
export function StaffPayslipsScreen({
  logic,
  userId,
  hireDate,
  today,
  inspect,
}: {
  logic: StaffPayslipsLogic;
  userId: number;
  hireDate: string | null;
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { userId, hireDate, today }, inspect });
  const columns = useMemo(() => payslipColumns(actor), [actor]);
  const years = useSelector(actor, (s) => s.context.years);
  const year = useSelector(actor, (s) => s.context.year);
  const list = useSelector(actor, (s) => s.context.payslips);
  const count = useSelector(actor, (s) => s.context.payslipCount);
  const openingIr8a = useSelector(actor, (s) => s.matches('openingIr8a'));
  // The year waits while its payslips are fetched (or could not be) and while a PDF opens.
  const ready = useSelector(actor, (s) => s.matches('ready')) && count !== null;

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <PageTitle>My Payslips</PageTitle>
        {/* The spec's staff sidebar stays Home, Pay, Profile: the timesheet (issue 36) and claims (issue 37) are reached from Pay. */}
        <HStack gap="2">
          <Button asChild size="sm" variant="outline">
            <RouterLink href="/staff/timesheet">My Timesheet</RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline">
            <RouterLink href="/staff/claims">My Claims</RouterLink>
          </Button>
        </HStack>
      </Flex>
      <Flex justify="space-between" align="flex-end" gap="3" wrap="wrap">
        <PickerSelect
          label="Year"
          value={year}
          options={yearChoices(years)}
          disabled={!ready}
          onChange={(y) => actor.send({ type: 'year.change', year: y })}
        />
        {(ready || openingIr8a) && (count ?? 0) > 0 && (
          <Button
            size="sm"
            variant="outline"
            disabled={!ready && !openingIr8a}
            loading={openingIr8a}
            loadingText="Processing..."
            aria-label={`IR8A for ${year}`}
            onClick={() => actor.send({ type: 'remunerationReturn.view' })}
          >
            IR8A
          </Button>
        )}
      </Flex>
      <Card.Root>
        <Card.Body p={{ base: '4', md: '6' }}>
          <ListTable actor={list} label="Payslips" columns={columns} minWidth="900px" />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

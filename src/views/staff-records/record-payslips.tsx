import { Button, Card, Heading } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { userRecordMachine } from '../../../machines/user-record.machine';
import { formatDayMonthYear } from '../../domain/dates';
import { formatAmount } from '../../domain/money';
import type { StaffPayslipRow } from '../../domain/pay-lists';
import { monthName } from '../../domain/payslips';
import { columnsFor } from '../../ui/data-table';
import { type ListActorRef, ListTable } from '../list/list-view';
import { EmailState } from '../payroll/payslip-email-state';

type UserRecordRef = ActorRefFrom<typeof userRecordMachine>;
const column = columnsFor<StaffPayslipRow>();
const money = (pick: (row: StaffPayslipRow) => number, header: string, id: string) =>
  column.accessor(pick, { id, header, cell: ({ getValue }) => formatAmount(getValue()) });

function ViewPayslip({ actor, row }: { actor: UserRecordRef; row: StaffPayslipRow }) {
  // One PDF at a time, and none while Delete User asks or runs.
  const ready = useSelector(actor, (s) => s.matches({ loaded: 'idle' }));
  // Spec section 8: the button whose request is in flight reads 'Processing...'.
  const viewing = useSelector(actor, (s) => s.context.viewing === row.payslipId);
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={!ready}
      loading={viewing}
      loadingText="Processing..."
      aria-label={`View payslip for ${monthName(row.payslipMonth)} ${row.payslipYear}`}
      // The machine opens the tab within this click (src/actors/pdf.ts), so no pop-up blocker stops it.
      onClick={() => actor.send({ type: 'payslip.view', payslipId: row.payslipId })}
    >
      View payslip
    </Button>
  );
}

const payslipColumns = (actor: UserRecordRef) =>
  column.columns([
    column.accessor((row) => `${monthName(row.payslipMonth)} ${row.payslipYear}`, {
      id: 'month',
      header: 'Month',
    }),
    column.accessor((row) => (row.payDate ? formatDayMonthYear(row.payDate) : '-'), {
      id: 'payDate',
      header: 'Pay Date',
    }),
    money((row) => row.grossPay, 'Gross Pay', 'grossPay'),
    money((row) => row.netPayable, 'Net Payable', 'netPayable'),
    column.display({
      id: 'email',
      header: 'E-mail',
      cell: ({ row }) => <EmailState email={row.original.email} />,
    }),
    column.display({
      id: 'view',
      header: 'Payslip',
      cell: ({ row }) => <ViewPayslip actor={actor} row={row.original} />,
    }),
  ]);

/**
 * User detail's Payslips section (issue 34): the employee's processed payslips, newest first, each with its
 * e-mail's state and View payslip (the PDF in a new tab).
 */
export function RecordPayslips({ actor, list }: { actor: UserRecordRef; list: ListActorRef }) {
  const columns = useMemo(() => payslipColumns(actor), [actor]);
  return (
    <Card.Root>
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          Payslips
        </Heading>
        <ListTable actor={list} label="Payslips" columns={columns} minWidth="640px" />
      </Card.Body>
    </Card.Root>
  );
}

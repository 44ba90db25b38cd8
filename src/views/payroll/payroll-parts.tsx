import { Badge, HStack, Menu, Text, VisuallyHidden } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { payrollPeriodMachine } from '../../../machines/payroll-period.machine';
import { isBusy, monthOptions, yearOptions } from '../../../machines/payroll-period.selectors';
import { formatDayMonthYear } from '../../domain/dates';
import { formatAmount } from '../../domain/money';
import type { ProcessedListRow } from '../../domain/pay-lists';
import { MONTH_NAMES, type PayTotals } from '../../domain/payslips';
import { ActionsMenu } from '../../ui/actions-menu';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { columnsFor } from '../../ui/data-table';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { type ListActorRef, ListTable } from '../list/list-view';
import { EmailState } from './payslip-email-state';

/** Pieces shared by Process Pay and View Processed Records, each connected to the screen's payroll-period actor. */

export type PayrollPeriodRef = ActorRefFrom<typeof payrollPeriodMachine>;

/** Year and month pickers; in the current year the months run to the current one (spec section 2). */
export function PeriodPicker({ actor }: { actor: PayrollPeriodRef }) {
  const year = useSelector(actor, (s) => s.context.year);
  const month = useSelector(actor, (s) => s.context.month);
  const years = useSelector(actor, yearOptions);
  const months = useSelector(actor, monthOptions);
  const busy = useSelector(actor, isBusy);
  return (
    <HStack gap="3" wrap="wrap">
      <PickerSelect
        label="Year"
        value={year}
        options={yearChoices(years)}
        disabled={busy}
        onChange={(y) => actor.send({ type: 'period.change', year: y, month })}
      />
      <PickerSelect
        label="Month"
        value={month}
        options={months.map((m) => ({ value: m, label: MONTH_NAMES[m - 1] ?? String(m) }))}
        disabled={busy}
        width="10rem"
        onChange={(m) => actor.send({ type: 'period.change', year, month: m })}
      />
    </HStack>
  );
}

/** A processed row's menu: the payslip's PDF, e-mail it again (issue 34), or revert it. */
function RowMenu({ row, actor }: { row: ProcessedListRow; actor: PayrollPeriodRef }) {
  const busy = useSelector(actor, isBusy);
  return (
    <ActionsMenu label={`Actions for ${row.userDetails.name}`} disabled={busy}>
      <Menu.Item value="view" onSelect={() => actor.send({ type: 'payslipPdf.open', row })}>
        View payslip
      </Menu.Item>
      <Menu.Item value="resend" onSelect={() => actor.send({ type: 'resend.request', row })}>
        Re-send
      </Menu.Item>
      <Menu.Item value="revert" onSelect={() => actor.send({ type: 'revert.request', row })}>
        Revert to Unprocessed
      </Menu.Item>
      <Menu.Item value="history" asChild>
        <RouterLink href={`/admin/audit?entity=payslip&entityId=${row.payslipId}`}>History</RouterLink>
      </Menu.Item>
    </ActionsMenu>
  );
}

/** Re-send asks first (issue 34); the toast after it gives the server's answer (the outbox, if so). */
export function ResendConfirm({ actor }: { actor: PayrollPeriodRef }) {
  const row = useSelector(actor, (s) => s.context.resending);
  const open = useSelector(actor, (s) => s.matches('resendConfirming') || s.matches('resending'));
  const busy = useSelector(actor, (s) => s.matches('resending'));
  const period = row ? `${MONTH_NAMES[row.payslipMonth - 1]} ${row.payslipYear}` : '';
  const name = row?.userDetails.name ?? '';
  return (
    <ConfirmDialog
      open={open}
      title="Re-send payslip"
      description={`E-mail ${name}'s payslip of ${period} again, as a PDF?`}
      confirmLabel="Re-send"
      destructive={false}
      busy={busy}
      onConfirm={() => actor.send({ type: 'resend.confirm' })}
      onCancel={() => actor.send({ type: 'resend.cancel' })}
    />
  );
}

/** A money column's total: every processed payslip of the period (the server adds them up), not the page's. */
function Total({ actor, of }: { actor: PayrollPeriodRef; of: keyof PayTotals }) {
  const total = useSelector(actor, (s) => s.context.processedTotals?.[of]);
  return total === undefined ? null : formatAmount(total);
}

const column = columnsFor<ProcessedListRow>();
const money = (
  actor: PayrollPeriodRef,
  pick: (row: ProcessedListRow) => number,
  header: string,
  id: keyof PayTotals,
) =>
  column.accessor(pick, {
    id,
    header,
    cell: ({ getValue }) => formatAmount(getValue()),
    footer: () => <Total actor={actor} of={id} />,
  });

/**
 * A leaver's row says when their final pay is due (issue 35 item 4) and, for a work-pass holder not yet
 * cleared by IRAS, that the month's pay is withheld (item 5): before and after the payslip is processed.
 */
export function LeaverMarks({ row }: { row: { finalPayDue?: string | null; withheldForIr21?: boolean } }) {
  return (
    <>
      {row.finalPayDue && (
        <Text fontSize="xs" color="fg.warning">
          <Badge colorPalette="orange" variant="subtle" marginEnd="1">
            Leaver
          </Badge>
          Final pay due {formatDayMonthYear(row.finalPayDue)}
        </Text>
      )}
      {row.withheldForIr21 && (
        <Text fontSize="xs" color="fg.warning">
          Pay withheld for IR21 tax clearance
        </Text>
      )}
    </>
  );
}

export const processedColumns = (actor: PayrollPeriodRef) =>
  column.columns([
    column.accessor((row) => row.userDetails.name, {
      id: 'employee',
      header: 'Employee',
      enableSorting: true,
      footer: 'Total',
      cell: ({ row, getValue }) => (
        <>
          {getValue()}
          <LeaverMarks row={row.original} />
        </>
      ),
    }),
    money(actor, (row) => row.grossPay, 'Gross Pay', 'grossPay'),
    money(actor, (row) => row.totalEmployeeCpfContribution, 'Employee CPF', 'employeeCpf'),
    money(actor, (row) => row.netPay, 'Net Pay', 'netPay'),
    money(actor, (row) => row.otherItems, 'Other Items', 'otherItems'),
    money(actor, (row) => row.netPayable, 'Net Payable', 'netPayable'),
    column.display({
      id: 'email',
      header: 'E-mail',
      cell: ({ row }) => <EmailState email={row.original.email} />,
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => <RowMenu row={row.original} actor={actor} />,
    }),
  ]);

/**
 * The Processed List: Employee sorts, each row says its e-mail's state, its menu opens the payslip,
 * re-sends it or reverts it; a totals row adds up the period (as its
 * Table View PDF does) and a caption counts the employees.
 */
export function ProcessedTable({
  list,
  columns,
}: {
  list: ListActorRef;
  columns: ReturnType<typeof processedColumns>;
}) {
  return (
    <ListTable<ProcessedListRow>
      actor={list}
      label="Processed List"
      columns={columns}
      minWidth="700px"
      caption={(total) => `A total of ${total} employees with processed payslips.`}
      footer
    />
  );
}

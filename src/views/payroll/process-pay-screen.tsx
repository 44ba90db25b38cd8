import { Badge, Button, Card, Checkbox, Flex, Heading, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import {
  allSelected,
  canProcess,
  isProcessing,
  isSlowRun,
  processMissing,
} from '../../../machines/payroll-period.selectors';
import type { PayrollPeriodLogic } from '../../actors/payroll-period.actors';
import { payslipStatusLabels } from '../../domain/lifecycles/payslip.lifecycle';
import { formatAmount } from '../../domain/money';
import type { UnprocessedListRow } from '../../domain/pay-lists';
import { payItemTypeLabel } from '../../domain/payslip-labels';
import { columnsFor } from '../../ui/data-table';
import { DateInput } from '../../ui/date-field';
import { LabelledField } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import { StatusBadge } from '../../ui/status-badge';
import { ListTable } from '../list/list-view';
import { PayRunPanel } from './pay-run-panel';
import {
  LeaverMarks,
  type PayrollPeriodRef,
  PeriodPicker,
  ProcessedTable,
  processedColumns,
  ResendConfirm,
} from './payroll-parts';
import { ProcessPayConfirm } from './process-pay-confirm';

/** What Process Pay waits for, said beside it while it is disabled. */
const MISSING = {
  payDate: 'Choose a pay date.',
  selection: 'Select at least one employee.',
  both: 'Choose a pay date and select at least one employee.',
} as const;

const column = columnsFor<UnprocessedListRow>();

function SelectRow({ actor, row }: { actor: PayrollPeriodRef; row: UnprocessedListRow }) {
  const checked = useSelector(actor, (s) => s.context.selected.includes(row.user.id));
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={() => actor.send({ type: 'selection.toggle', userId: row.user.id })}
    >
      <Checkbox.HiddenInput aria-label={`Select ${row.user.fullName}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function SelectAll({ actor }: { actor: PayrollPeriodRef }) {
  const checked = useSelector(actor, allSelected);
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={() => actor.send({ type: 'selection.toggleAll' })}
    >
      <Checkbox.HiddenInput aria-label="Select all" />
      <Checkbox.Control />
      {/* On a phone the box stands alone above the cards (the table's headers are hidden there). */}
      <Checkbox.Label hideFrom="md" fontWeight="normal">
        Select all
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

function EmployeeLink({ actor, row }: { actor: PayrollPeriodRef; row: UnprocessedListRow }) {
  const year = useSelector(actor, (s) => s.context.year);
  const month = useSelector(actor, (s) => s.context.month);
  return (
    <Link asChild colorPalette="teal" fontWeight="medium">
      <RouterLink
        href={`/admin/users/${row.user.id}/pay-items/${year}/${month}`}
        state={{ processingStatus: row.processingStatus, user: row.user }}
      >
        {row.user.fullName}
      </RouterLink>
    </Link>
  );
}

const unprocessedColumns = (actor: PayrollPeriodRef) =>
  column.columns([
    column.display({
      id: 'select',
      header: () => <SelectAll actor={actor} />,
      cell: ({ row }) => <SelectRow actor={actor} row={row.original} />,
    }),
    column.display({
      id: 'employee',
      header: 'Employee',
      cell: ({ row }) => <EmployeeLink actor={actor} row={row.original} />,
    }),
    column.accessor((row) => row.user.employmentInfo?.designation ?? '', {
      id: 'designation',
      header: 'Designation',
      // A leaver's row says when their final pay is due (issue 35 item 4).
      cell: ({ row, getValue }) => (
        <>
          {getValue()}
          <LeaverMarks row={row.original} />
          {/* The separation's prefill (issue 35 item 3): what the leaving month's payslip carries. */}
          {row.original.leaverItems?.map((item) => (
            <Text key={item.type} fontSize="xs" color="fg.muted">
              {payItemTypeLabel(item.type)}: {formatAmount(item.amount)}
            </Text>
          ))}
        </>
      ),
    }),
    column.accessor('processingStatus', {
      header: 'Status',
      cell: ({ getValue }) => <StatusBadge status={getValue()} label={payslipStatusLabels[getValue()]} />,
    }),
    column.accessor('basicSalarySnapshot', {
      header: 'Basic Salary',
      cell: ({ getValue }) => formatAmount(getValue()),
    }),
    column.display({
      id: 'rates',
      header: 'CPF Rates',
      cell: ({ row }) => {
        const {
          employeeCpfRateSnapshot: employee,
          employerCpfRateSnapshot: employer,
          rateFlag,
        } = row.original;
        const rates = employee === null || employer === null ? '-' : `${employee}% / ${employer}%`;
        if (!rateFlag) return rates;
        const official = rateFlag.official
          ? `Official rates: employee ${rateFlag.official.employeePercent}%, employer ${rateFlag.official.employerPercent}%`
          : 'No official rates for this period';
        return (
          <Flex gap="2" align="center">
            {rates}
            <Badge
              colorPalette="orange"
              variant="subtle"
              title={official}
              aria-label={`Rates differ. ${official}`}
            >
              Rates differ
            </Badge>
          </Flex>
        );
      },
    }),
  ]);

function ProcessBar({ actor }: { actor: PayrollPeriodRef }) {
  const payDate = useSelector(actor, (s) => s.context.payDate);
  const selected = useSelector(actor, (s) => s.context.selected.length);
  const ready = useSelector(actor, canProcess);
  const processing = useSelector(actor, isProcessing);
  const slow = useSelector(actor, isSlowRun);
  const missing = useSelector(actor, processMissing);
  return (
    <Stack gap="3">
      <Flex gap="3" align="flex-end" wrap="wrap">
        <LabelledField label="Pay Date" width="auto" disabled={processing}>
          <DateInput
            name="payDate"
            size="sm"
            value={payDate}
            disabled={processing}
            onChange={(value) => actor.send({ type: 'payDate.change', payDate: value })}
          />
        </LabelledField>
        <Button
          colorPalette="teal"
          size="sm"
          disabled={!ready}
          aria-describedby={missing ? 'process-pay-missing' : undefined}
          onClick={() => actor.send({ type: 'pay.process' })}
        >
          {processing ? 'Processing...' : 'Process Pay'}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {selected} selected
        </Text>
        {missing && (
          <Text id="process-pay-missing" fontSize="sm" color="fg.muted">
            {MISSING[missing]}
          </Text>
        )}
      </Flex>
      {slow && (
        <Progress.Root
          value={null}
          size="sm"
          colorPalette="teal"
          aria-label={`Processing ${selected} payslips`}
        >
          <Progress.Label fontSize="sm">Processing {selected} payslips...</Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </Stack>
  );
}

/** /admin/process-pay (spec section 2, Admin process pay). */
export function ProcessPayScreen({
  logic,
  today,
  period,
  inspect,
}: {
  logic: PayrollPeriodLogic;
  today: string;
  period?: { year?: number; month?: number } | null;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { screen: 'process', today, period }, inspect });
  const columns = useMemo(() => unprocessedColumns(actor), [actor]);
  const processedCols = useMemo(() => processedColumns(actor), [actor]);
  const unprocessed = useSelector(actor, (s) => s.context.unprocessed);
  const processed = useSelector(actor, (s) => s.context.processed);
  const payRun = useSelector(actor, (s) => s.context.payRun);

  return (
    <Stack gap="4">
      <PageTitle>Process Pay</PageTitle>
      <PeriodPicker actor={actor} />
      {payRun && <PayRunPanel actor={payRun} />}
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <Heading as="h2" size="md">
            Unprocessed List
          </Heading>
          <ProcessBar actor={actor} />
          {unprocessed && (
            <ListTable<UnprocessedListRow>
              actor={unprocessed}
              label="Unprocessed List"
              columns={columns}
              minWidth="700px"
              caption={(total) => `A total of ${total} payslips to process.`}
            />
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <Heading as="h2" size="md">
            Processed List
          </Heading>
          <ProcessedTable list={processed} columns={processedCols} />
        </Card.Body>
      </Card.Root>
      <ProcessPayConfirm actor={actor} />
      <ResendConfirm actor={actor} />
    </Stack>
  );
}

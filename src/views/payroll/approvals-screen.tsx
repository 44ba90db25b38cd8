import { Badge, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { InspectionEvent, Observer } from 'xstate';
import type { approvalsMachine } from '../../../machines/approvals.machine';
import type { LoadActorRef } from '../../../machines/load.machine';
import type { Claim } from '../../domain/claims';
import { formatDateTime, formatDayMonthYear } from '../../domain/dates';
import type { LeaveRequest } from '../../domain/leave';
import { formatAmount } from '../../domain/money';
import type { PayRun, PayRunVarianceRow } from '../../domain/pay-runs';
import { varianceFlagLabels } from '../../domain/payroll/variance';
import { monthName } from '../../domain/payslip-labels';
import { columnsFor, DataTable } from '../../ui/data-table';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, FormField, SubmitButton } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import { useForm } from '../../ui/use-form';
import { type FormDialogRef, useFormDialog } from '../../ui/use-form-dialog';
import { dollars } from '../claims/claim-parts';
import { type ClaimReviewRef, ClaimReviewSheet } from '../claims/claim-review-sheet';
import { employeeColumn, leaveColumn, leaveRequestColumns } from '../leave/leave-columns';
import { type LeaveReviewRef, LeaveReviewSheet } from '../leave/leave-review-sheet';
import { LoadFailure, useLoading } from '../load/load-view';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);
type ApprovalsRef = ReturnType<typeof useActorRef<typeof approvalsMachine>>;

const money = (value: number | null) => (value === null ? '-' : formatAmount(value));
const period = (run: Pick<PayRun, 'year' | 'month'>) => `${monthName(run.month)} ${run.year}`;

const variance = columnsFor<PayRunVarianceRow>();
const varianceColumns = variance.columns([
  variance.accessor('name', { header: 'Employee' }),
  variance.accessor((row) => money(row.gross.previous), { id: 'grossLast', header: 'Gross last month' }),
  variance.accessor((row) => money(row.gross.current), { id: 'gross', header: 'Gross' }),
  variance.accessor((row) => money(row.cpf.previous), { id: 'cpfLast', header: 'CPF last month' }),
  variance.accessor((row) => money(row.cpf.current), { id: 'cpf', header: 'CPF' }),
  variance.accessor((row) => money(row.net.previous), { id: 'netLast', header: 'Net last month' }),
  variance.accessor((row) => money(row.net.current), { id: 'net', header: 'Net' }),
  variance.display({
    id: 'flags',
    header: 'Flags',
    cell: ({ row }) => (
      <Flex gap="1" wrap="wrap">
        {row.original.flags.map((flag) => (
          <Badge key={flag} colorPalette={flag === 'CHANGE_OVER_20' ? 'orange' : 'blue'}>
            {varianceFlagLabels[flag]}
          </Badge>
        ))}
      </Flex>
    ),
  }),
]);
const noSorting: never[] = [];
const ignoreSorting = () => {};

/** The month's totals against last month, as the variance report gives them. */
function RunTotals({ run }: { run: PayRun }) {
  const t = run.varianceTotals;
  const lines: Array<[string, string, string]> = [
    ['Headcount', String(t.headcount.previous ?? 0), String(t.headcount.current)],
    ['Gross', money(t.gross.previous), money(t.gross.current)],
    ['CPF (employee and employer)', money(t.cpf.previous), money(t.cpf.current)],
    ['Net', money(t.net.previous), money(t.net.current)],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
      {lines.map(([label, last, now]) => (
        <Stack key={label} gap="0" borderWidth="1px" rounded="l2" p="3">
          <Text fontSize="xs" color="fg.muted">
            {label}
          </Text>
          <Text fontWeight="semibold">{now}</Text>
          <Text fontSize="xs" color="fg.muted">
            Last month {last}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function RunCard({ run, approvals }: { run: PayRun; approvals: ApprovalsRef }) {
  const deciding = useSelector(approvals, (s) => s.context.deciding);
  const approving = useSelector(
    approvals,
    (s) => s.matches('approving') && deciding?.year === run.year && deciding.month === run.month,
  );
  const busy = useSelector(approvals, (s) => !s.matches('showing'));
  const at = { year: run.year, month: run.month };
  return (
    <Card.Root>
      <Card.Body gap="4" p={{ base: '4', md: '6' }} role="region" aria-label={`Pay run ${period(run)}`}>
        <Stack gap="1">
          <Heading as="h3" size="md">
            Pay run {period(run)}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Submitted by {run.submittedBy?.name ?? ''}
            {run.submittedAt ? ` on ${formatDateTime(new Date(run.submittedAt))}` : ''}
          </Text>
        </Stack>
        <RunTotals run={run} />
        <DataTable
          label={`Variance ${period(run)}`}
          columns={varianceColumns}
          rows={run.variance}
          getRowId={(row) => String(row.userId)}
          sorting={noSorting}
          onSortingChange={ignoreSorting}
          loading={false}
          minWidth="900px"
        />
        <Flex gap="3" wrap="wrap">
          <Button
            colorPalette="teal"
            size="sm"
            loading={approving}
            disabled={busy && !approving}
            onClick={() => approvals.send({ type: 'run.approve', ...at })}
          >
            Approve
          </Button>
          <Button
            colorPalette="red"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => approvals.send({ type: 'run.reject', ...at })}
          >
            Reject
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => approvals.send({ type: 'run.pdf', ...at })}
          >
            Variance PDF
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function PayRuns({ load, approvals }: { load: LoadActorRef; approvals: ApprovalsRef }) {
  const runs = useSelector(load, (s) => s.context.data as PayRun[] | null);
  const loading = useLoading(load);
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Pay runs
      </Heading>
      <LoadFailure load={load} />
      {loading && !runs && <Skeleton height="24" />}
      {runs?.length === 0 && <Text color="fg.muted">No pay run awaits your approval.</Text>}
      {runs?.map((run) => (
        <RunCard key={`${run.year}-${run.month}`} run={run} approvals={approvals} />
      ))}
    </Stack>
  );
}

// The pending list is one short page in the server's order: nothing to sort.
const leaveColumns = (review: LeaveReviewRef) => [
  ...[employeeColumn, ...leaveRequestColumns].map((column) => ({ ...column, enableSorting: false })),
  leaveColumn.display({
    id: 'actions',
    header: 'Review',
    cell: ({ row }) => (
      <Button
        size="xs"
        variant="outline"
        aria-label={`View leave request of ${row.original.user.fullName}`}
        onClick={() => review.send({ type: 'review.open', request: row.original })}
      >
        View
      </Button>
    ),
  }),
];

function PendingLeave({ load, review }: { load: LoadActorRef; review: LeaveReviewRef }) {
  const requests = useSelector(load, (s) => s.context.data as LeaveRequest[] | null);
  const loading = useLoading(load);
  const columns = useMemo(() => leaveColumns(review), [review]);
  return (
    <Card.Root>
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Stack gap="1">
          <Heading as="h2" size="lg">
            Leave requests
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Pending requests of others; your own are for another administrator.
          </Text>
        </Stack>
        <LoadFailure load={load} />
        <DataTable
          label="Pending leave requests"
          columns={columns}
          rows={requests ?? []}
          getRowId={(row) => String(row.id)}
          sorting={noSorting}
          onSortingChange={ignoreSorting}
          loading={loading && !requests}
          minWidth="800px"
        />
      </Card.Body>
    </Card.Root>
  );
}

const claim = columnsFor<Claim>();
const claimColumns = (review: ClaimReviewRef) =>
  claim.columns([
    claim.accessor((row) => row.user.fullName, { id: 'employee', header: 'Employee' }),
    claim.accessor('date', { header: 'Date', cell: ({ getValue }) => formatDayMonthYear(getValue()) }),
    claim.accessor('type', { header: 'Type' }),
    claim.accessor('amount', { header: 'Amount', cell: ({ getValue }) => dollars(getValue()) }),
    claim.display({
      id: 'actions',
      header: 'Review',
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

function PendingClaims({ load, review }: { load: LoadActorRef; review: ClaimReviewRef }) {
  const claims = useSelector(load, (s) => s.context.data as Claim[] | null);
  const loading = useLoading(load);
  const columns = useMemo(() => claimColumns(review), [review]);
  return (
    <Card.Root>
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Stack gap="1">
          <Heading as="h2" size="lg">
            Claims
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Pending expense claims of others; your own are for another administrator.
          </Text>
        </Stack>
        <LoadFailure load={load} />
        <DataTable
          label="Pending claims"
          columns={columns}
          rows={claims ?? []}
          getRowId={(row) => String(row.id)}
          sorting={noSorting}
          onSortingChange={ignoreSorting}
          loading={loading && !claims}
          minWidth="640px"
        />
      </Card.Body>
    </Card.Root>
  );
}

function RejectDialog({ dialog }: { dialog: FormDialogRef }) {
  const { open, form, busy, close } = useFormDialog<{ reason: string }>(dialog);
  return (
    <FormDialog
      open={open}
      title="Reject pay run"
      description="Say why: the administrator who submitted the month reads it, and the run opens again."
      busy={busy}
      onClose={close}
    >
      {form && <ReasonForm key={form.sessionId} actor={form} onCancel={close} busy={busy} />}
    </FormDialog>
  );
}

function ReasonForm({
  actor,
  onCancel,
  busy,
}: {
  actor: NonNullable<ReturnType<typeof useFormDialog<{ reason: string }>>['form']>;
  onCancel: () => void;
  busy: boolean;
}) {
  const form = useForm(actor);
  return (
    <form aria-label="Reject pay run" noValidate onSubmit={form.onSubmit}>
      <Stack gap="4">
        <FormField label="Reason" field={form.field('reason')} />
        <FormError message={form.submitError} />
        <Flex gap="3" justify="flex-end">
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <SubmitButton colorPalette="red" loading={form.submitting}>
            Reject
          </SubmitButton>
        </Flex>
      </Stack>
    </form>
  );
}

/** /admin/approvals (issue 39 item 4): what awaits this administrator. */
export function ApprovalsScreen({
  logic,
  adminId,
  inspect,
}: {
  logic: typeof approvalsMachine;
  adminId: number;
  inspect?: Inspect;
}) {
  const approvals = useActorRef(logic, { input: { adminId }, inspect });
  const { runs, leave, review, claims, claimReview, rejectDialog } = useSelector(approvals, (s) => s.context);
  return (
    <Stack gap="6">
      <PageTitle>Approvals</PageTitle>
      <PayRuns load={runs} approvals={approvals} />
      <PendingLeave load={leave} review={review} />
      <PendingClaims load={claims} review={claimReview} />
      <LeaveReviewSheet actor={review} />
      <ClaimReviewSheet actor={claimReview} />
      {rejectDialog && <RejectDialog key={rejectDialog.id + rejectDialog.sessionId} dialog={rejectDialog} />}
    </Stack>
  );
}

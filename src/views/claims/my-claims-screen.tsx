import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { newClaimMachine } from '../../../machines/new-claim.machine';
import type { MyClaimsLogic } from '../../actors/claims.actors';
import {
  type ClaimFormValues,
  claimAwaitsDecision,
  claimTotals,
  RECEIPT_ACCEPT,
} from '../../domain/claim-screens';
import { CLAIM_DESCRIPTION_MAX, type Claim, type ClaimType } from '../../domain/claims';
import { formatDayMonthYear } from '../../domain/dates';
import { monthName } from '../../domain/payslip-labels';
import { columnsFor } from '../../ui/data-table';
import { FormDateField } from '../../ui/date-field';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, FormField, LabelledField, SubmitButton } from '../../ui/form-field';
import { PlusIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { type FormDialogRef, useFormDialog } from '../../ui/use-form-dialog';
import { type ListActorRef, ListTable, RemovalDialog } from '../list/list-view';
import { ClaimStatus, ClaimTotals, dollars } from './claim-parts';

const column = columnsFor<Claim>();

const claimColumns = (actor: ListActorRef) =>
  column.columns([
    column.accessor('date', { header: 'Date', cell: ({ getValue }) => formatDayMonthYear(getValue()) }),
    column.accessor('type', { header: 'Type' }),
    column.accessor('amount', { header: 'Amount', cell: ({ getValue }) => dollars(getValue()) }),
    column.accessor('description', {
      header: 'Description',
      cell: ({ getValue }) => (
        <Text as="span" whiteSpace="normal" lineClamp={2}>
          {getValue()}
        </Text>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      // The reason of a decision shows with it (a rejected claim says why); a paid claim names the
      // month's pay that carried it.
      cell: ({ row }) => (
        <Stack gap="1" align="flex-start">
          <ClaimStatus status={row.original.status} />
          {row.original.decisionReason && (
            <Text as="span" textStyle="xs" color="fg.muted" whiteSpace="normal">
              {row.original.decisionReason}
            </Text>
          )}
          {row.original.paidWith && (
            <Text as="span" textStyle="xs" color="fg.muted">
              With {monthName(row.original.paidWith.month)} {row.original.paidWith.year} pay
            </Text>
          )}
        </Stack>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <Box srOnly>Actions</Box>,
      cell: ({ row }) =>
        claimAwaitsDecision(row.original) ? (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={`Delete the ${row.original.type} claim of ${formatDayMonthYear(row.original.date)}`}
            onClick={() => actor.send({ type: 'removal.request', row: row.original })}
          >
            Delete
          </Button>
        ) : null,
    }),
  ]);

/** /staff/claims (issue 37 item 4): one's own claims, New claim, and the totals against each type's limits. */
export function MyClaimsScreen({
  logic,
  userId,
  today,
  inspect,
}: {
  logic: MyClaimsLogic;
  userId: number;
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { userId, today }, inspect });
  const claims = useSelector(actor, (s) => s.context.claims);
  const facts = useSelector(actor, (s) => s.context.facts);
  const dialog = useSelector(actor, (s) => s.context.newClaim);
  const columns = useMemo(() => claimColumns(claims), [claims]);
  const totals = useMemo(
    () => (facts ? claimTotals(facts.types, facts.claims, today) : null),
    [facts, today],
  );
  const types = useMemo(() => (facts ? facts.types.filter((type) => !type.archived) : []), [facts]);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <PageTitle>My Claims</PageTitle>
        <NewClaimDialog dialog={dialog} types={types} today={today} />
      </Flex>
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <ListTable
            actor={claims}
            label="My claims"
            columns={columns}
            minWidth="640px"
            caption={(total) => (total === 1 ? '1 claim.' : `${total} claims.`)}
          />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body gap="3" p={{ base: '4', md: '6' }}>
          <Heading as="h2" size="md">
            Totals against limits
          </Heading>
          {totals ? (
            <ClaimTotals totals={totals} label="My totals by claim type" />
          ) : (
            <Skeleton height="16" aria-busy="true" />
          )}
        </Card.Body>
      </Card.Root>
      <RemovalDialog
        actor={claims}
        title="Delete this claim?"
        description="The pending claim and its receipt will be removed."
      />
    </Stack>
  );
}

type NewClaimRef = ActorRefFrom<typeof newClaimMachine>;

function NewClaimDialog({
  dialog,
  types,
  today,
}: {
  dialog: FormDialogRef;
  types: ClaimType[];
  today: string;
}) {
  const { open, form: held, busy, show, close } = useFormDialog<ClaimFormValues>(dialog);
  const flow = held as unknown as NewClaimRef | null;
  return (
    <>
      <Button colorPalette="teal" size="sm" onClick={show}>
        <PlusIcon />
        New claim
      </Button>
      <FormDialog
        open={open}
        title="New claim"
        description="An expense to be reimbursed with your pay, with its receipt."
        busy={busy}
        onClose={close}
        dismissOnOutsideClick={false}
      >
        {flow && <NewClaimFlow key={flow.sessionId} flow={flow} types={types} today={today} />}
      </FormDialog>
    </>
  );
}

function NewClaimFlow({ flow, types, today }: { flow: NewClaimRef; types: ClaimType[]; today: string }) {
  const actor = useSelector(flow, (s) => s.context.form) as unknown as FormActorRef<ClaimFormValues>;
  const form = useForm(actor);
  const type = form.field('claimTypeId');
  const receipt = form.field('uploadKey');
  const chosen = types.find((t) => String(t.id) === type.value);
  return (
    <form aria-label="New claim" noValidate onSubmit={form.onSubmit}>
      <Stack gap="4">
        <LabelledField label="Claim type" error={type.error} disabled={type.disabled}>
          <NativeSelect.Root>
            <NativeSelect.Field
              name={type.name}
              value={type.value}
              onChange={(event) => type.onChange(event.target.value)}
              onBlur={type.onBlur}
            >
              <option value="" disabled>
                {types.length ? 'Select a claim type' : 'No claim types available'}
              </option>
              {types.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </LabelledField>
        <FormDateField label="Date" field={form.field('date')} min="2000-01-01" max={today} />
        <FormField label="Amount ($)" field={form.field('amount')} autoComplete="off" />
        <LabelledField label="Description" error={form.errors.description} disabled={form.submitting}>
          <Textarea
            name="description"
            rows={3}
            maxLength={CLAIM_DESCRIPTION_MAX}
            value={form.values.description}
            onChange={(event) => form.field('description').onChange(event.target.value)}
            onBlur={form.field('description').onBlur}
          />
        </LabelledField>
        <LabelledField
          label={chosen?.receiptRequired ? 'Receipt (required)' : 'Receipt'}
          error={receipt.error}
          disabled={receipt.disabled}
          helper={receipt.value ? `Chosen: ${receipt.value}` : 'A photo or a PDF of the receipt.'}
        >
          <Input
            type="file"
            name="receipt"
            // No `capture`: it makes a phone open the camera only; without it the phone offers the camera
            // or a file (issue 37: "taken by the phone's camera or a file").
            accept={RECEIPT_ACCEPT}
            p="1"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) flow.send({ type: 'receipt.select', file });
            }}
          />
        </LabelledField>
        <FormError message={form.submitError} />
        <Flex justify="flex-end">
          <SubmitButton loading={form.submitting}>Submit claim</SubmitButton>
        </Flex>
      </Stack>
    </form>
  );
}

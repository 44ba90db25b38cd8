import { Badge, Box, Button, Card, Checkbox, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import type { ClaimTypesEvent } from '../../../machines/claim-types.machine';
import type { ClaimTypesLogic } from '../../actors/claims.actors';
import type { ClaimTypeFormValues } from '../../domain/claim-screens';
import type { ClaimType } from '../../domain/claims';
import { columnsFor } from '../../ui/data-table';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, FormField, SubmitButton } from '../../ui/form-field';
import { ArrowLeftIcon, PlusIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { type FormDialogRef, useFormDialog } from '../../ui/use-form-dialog';
import { type ListActorRef, ListTable, RemovalDialog } from '../list/list-view';
import { dollars } from './claim-parts';

const column = columnsFor<ClaimType>();
const limit = (value: number | null) => (value === null ? 'No limit' : dollars(value));

/** The screen's machine, as the rows' Edit buttons tell it. */
type Screen = { send: (event: ClaimTypesEvent) => void };

const typeColumns = (screen: Screen, list: ListActorRef) =>
  column.columns([
    column.accessor('name', {
      header: 'Name',
      enableSorting: true,
      cell: ({ row }) => (
        <HStack gap="2">
          <Text as="span">{row.original.name}</Text>
          {row.original.archived && <Badge variant="subtle">Archived</Badge>}
        </HStack>
      ),
    }),
    column.accessor('perClaimLimit', { header: 'Per claim', cell: ({ getValue }) => limit(getValue()) }),
    column.accessor('monthlyLimit', { header: 'Monthly', cell: ({ getValue }) => limit(getValue()) }),
    column.accessor('yearlyLimit', { header: 'Yearly', cell: ({ getValue }) => limit(getValue()) }),
    column.accessor('receiptRequired', {
      header: 'Receipt',
      cell: ({ getValue }) => (getValue() ? 'Required' : 'Optional'),
    }),
    column.accessor('taxable', { header: 'Taxable', cell: ({ getValue }) => (getValue() ? 'Yes' : 'No') }),
    column.display({
      id: 'actions',
      header: () => <Box srOnly>Actions</Box>,
      cell: ({ row }) =>
        row.original.archived ? null : (
          <HStack gap="1">
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Edit ${row.original.name}`}
              onClick={() => screen.send({ type: 'type.edit', claimType: row.original })}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Delete ${row.original.name}`}
              onClick={() => list.send({ type: 'removal.request', row: row.original })}
            >
              Delete
            </Button>
          </HStack>
        ),
    }),
  ]);

/** /admin/company/claim-types (issue 37 item 4): the claim types staff file under, with their limits. */
export function ClaimTypesScreen({
  logic,
  inspect,
}: {
  logic: ClaimTypesLogic;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { inspect });
  const types = useSelector(actor, (s) => s.context.types);
  const dialog = useSelector(actor, (s) => s.context.dialog);
  const columns = useMemo(() => typeColumns(actor, types), [actor, types]);
  return (
    <Stack gap="4">
      {/* The way back to where the Claim types link is. */}
      <Link asChild alignSelf="flex-start" color="teal.fg" fontSize="sm">
        <RouterLink href="/admin/claims">
          <ArrowLeftIcon />
          Claims
        </RouterLink>
      </Link>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <PageTitle>Claim Types</PageTitle>
        <Button colorPalette="teal" size="sm" onClick={() => actor.send({ type: 'type.add' })}>
          <PlusIcon />
          Add claim type
        </Button>
      </Flex>
      <Text color="fg.muted" maxW="3xl">
        Staff file expense claims under these types. A type with claims cannot be deleted: it is archived, its
        claims stay, and no new claim can use it.
      </Text>
      <Card.Root>
        <Card.Body p={{ base: '4', md: '6' }}>
          <ListTable actor={types} label="Claim types" columns={columns} minWidth="720px" paged={false} />
        </Card.Body>
      </Card.Root>
      <RemovalDialog
        actor={types}
        title="Delete this claim type?"
        description="A type no claim uses is deleted; a type with claims is archived instead."
      />
      <ClaimTypeDialog key={dialog.sessionId} dialog={dialog} />
    </Stack>
  );
}

function ClaimTypeDialog({ dialog }: { dialog: FormDialogRef }) {
  const { open, form, busy, close } = useFormDialog<ClaimTypeFormValues>(dialog);
  const editing = useSelector(
    dialog,
    (s) => (s.context.formInput.params as { id: number | null }).id !== null,
  );
  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit claim type' : 'Add claim type'}
      description="Limits are in dollars; leave one empty for no limit."
      busy={busy}
      onClose={close}
    >
      {form && <ClaimTypeForm key={form.sessionId} actor={form} />}
    </FormDialog>
  );
}

function ClaimTypeForm({ actor }: { actor: FormActorRef<ClaimTypeFormValues> }) {
  const form = useForm(actor);
  const flag = (name: 'receiptRequired' | 'taxable', label: string) => {
    const field = form.field(name);
    return (
      <Checkbox.Root
        name={name}
        checked={field.value === 'yes'}
        disabled={field.disabled}
        onCheckedChange={(details) => field.onChange(details.checked === true ? 'yes' : '')}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
    );
  };
  return (
    <form aria-label="Claim type" noValidate onSubmit={form.onSubmit}>
      <Stack gap="4">
        <FormField label="Name" field={form.field('name')} autoComplete="off" />
        <FormField label="Limit per claim ($)" field={form.field('perClaimLimit')} autoComplete="off" />
        <FormField label="Monthly limit ($)" field={form.field('monthlyLimit')} autoComplete="off" />
        <FormField label="Yearly limit ($)" field={form.field('yearlyLimit')} autoComplete="off" />
        {flag('receiptRequired', 'Receipt required')}
        {flag('taxable', 'Taxable (reported in IR8A)')}
        <FormError message={form.submitError} />
        <Flex justify="flex-end">
          <SubmitButton loading={form.submitting}>Save</SubmitButton>
        </Flex>
      </Stack>
    </form>
  );
}

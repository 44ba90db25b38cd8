import {
  Box,
  Button,
  Card,
  Grid,
  Heading,
  HStack,
  Input,
  Link,
  Spinner,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'wouter';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { PanelValues } from '../../../machines/editable-panel.machine';
import type { payItemFormMachine } from '../../../machines/pay-item-form.machine';
import type { PayItemsEmployee, payItemsMachine } from '../../../machines/pay-items.machine';
import type { PayItemsLogic } from '../../actors/pay-items.actors';
import { formatDayMonthYear } from '../../domain/dates';
import type { PayslipStatus } from '../../domain/enums';
import { payslipStatusLabels } from '../../domain/lifecycles/payslip.lifecycle';
import { formatAmount } from '../../domain/money';
import {
  GENERATED_PAY_ITEM_TYPES,
  hasTreatmentChoice,
  type PayItemKind,
  payItemTreatmentChoices,
  payItemTypesByKind,
  selfHelpGroups,
} from '../../domain/payroll';
import {
  kindInfo,
  monthName,
  type PayItem,
  type PayslipDetail,
  payItemTreatmentLabels,
  payItemTypeLabel,
} from '../../domain/payslips';
import { cpfSectionLabel, cpfTypeLabel } from '../../domain/record-labels';
import { columnsFor } from '../../ui/data-table';
import { FormError, LabelledField } from '../../ui/form-field';
import { ArrowLeftIcon } from '../../ui/icons';
import { SelectInput } from '../../ui/labelled-field';
import { PageTitle } from '../../ui/page-title';
import { StatusBadge } from '../../ui/status-badge';
import { useForm } from '../../ui/use-form';
import { LeaveBalanceCard } from '../leave/leave-balance-card';
import { ListTable } from '../list/list-view';
import { EditablePanelCard } from '../staff-records/editable-panel-view';
import type { FieldsProps } from '../staff-records/record-fields';
import { ReadOnlyRows, type Row } from '../staff-records/record-fields';

type PayItemsRef = ActorRefFrom<typeof payItemsMachine>;
type PayItemFormRef = ActorRefFrom<typeof payItemFormMachine>;

/** Spec section 2: four tabs, the first labelled 'Ahoc' (sic); Others holds two panels. */
const TABS: { value: string; label: string; kinds: PayItemKind[] }[] = [
  { value: 'adhoc', label: 'Ahoc', kinds: ['ADHOC'] },
  { value: 'bonus', label: 'Bonus', kinds: ['BONUS'] },
  { value: 'deductions', label: 'Deductions', kinds: ['DEDUCTION'] },
  { value: 'others', label: 'Others', kinds: ['OTHER_ADDITION', 'OTHER_DEDUCTION'] },
];

const itemColumn = columnsFor<PayItem>();

function DeleteButton({ actor, kind, item }: { actor: PayItemsRef; kind: PayItemKind; item: PayItem }) {
  const editable = useSelector(actor, (s) => s.matches('editable'));
  // One delete at a time; adds of any kind may be in flight meanwhile.
  const offered = useSelector(actor, (s) => s.matches({ editable: { removal: 'idle' } }));
  const removing = useSelector(actor, (s) => s.context.removing?.item.id === item.id);
  if (!editable) return null;
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="red"
      disabled={!offered}
      loading={removing}
      loadingText="Processing..."
      aria-label={`Delete ${payItemTypeLabel(item.type)} ${formatAmount(item.amount)}`}
      onClick={() => actor.send({ type: 'item.remove', kind, id: item.id })}
    >
      Delete
    </Button>
  );
}

/**
 * A kind's Add form (machines/pay-item-form.machine.ts): Type, Treatment for a type paid either way, and
 * Amount, each message beside its field.
 */
function AddItemForm({ form: actor, kind }: { form: PayItemFormRef; kind: PayItemKind }) {
  const info = kindInfo(kind);
  const form = useForm(actor);
  const type = form.field('type');
  const treatment = form.field('treatment');
  const amount = form.field('amount');
  const choosesTreatment = hasTreatmentChoice(type.value);
  return (
    <form noValidate aria-label={`Add ${info.title} item`} onSubmit={form.onSubmit}>
      <Stack gap="3">
        <Grid
          templateColumns={{ base: '1fr', sm: choosesTreatment ? '2fr 2fr 1fr auto' : '2fr 1fr auto' }}
          gap="3"
          alignItems="start"
        >
          <LabelledField label="Type" error={type.error} disabled={type.disabled}>
            <SelectInput
              name={type.name}
              value={type.value}
              placeholder="Select a type"
              options={payItemTypesByKind[kind]
                .filter((value) => !GENERATED_PAY_ITEM_TYPES.includes(value))
                .map((value) => ({
                  value,
                  label: payItemTypeLabel(value),
                }))}
              onChange={type.onChange}
            />
          </LabelledField>
          {choosesTreatment && (
            <LabelledField label="Treatment" error={treatment.error} disabled={treatment.disabled}>
              <SelectInput
                name={treatment.name}
                value={treatment.value}
                placeholder="Select how it is paid"
                options={payItemTreatmentChoices.map((value) => ({
                  value,
                  label: payItemTreatmentLabels[value],
                }))}
                onChange={treatment.onChange}
              />
            </LabelledField>
          )}
          <LabelledField label="Amount" error={amount.error} disabled={amount.disabled}>
            <Input
              name={amount.name}
              inputMode="decimal"
              maxLength={13}
              value={amount.value}
              onChange={(event) => amount.onChange(event.target.value)}
              onBlur={amount.onBlur}
            />
          </LabelledField>
          {/* Aligned with the inputs under their labels. */}
          <Button
            type="submit"
            colorPalette="teal"
            mt={{ sm: '6' }}
            disabled={!form.canSubmit}
            loading={form.submitting}
            loadingText="Processing..."
          >
            Add
          </Button>
        </Grid>
        <FormError message={form.submitError} />
      </Stack>
    </form>
  );
}

/** One kind's panel: its items with Delete, and the add form while the payslip is not processed. */
function ItemPanel({ actor, kind }: { actor: PayItemsRef; kind: PayItemKind }) {
  const info = kindInfo(kind);
  const list = useSelector(actor, (s) => s.context.itemLists?.[kind] ?? null);
  const total = useSelector(actor, (s) => s.context.items[kind].reduce((sum, item) => sum + item.amount, 0));
  // While the payslip is not processed.
  const form = useSelector(actor, (s) => s.context.forms?.[kind] ?? null);
  const columns = useMemo(
    () =>
      itemColumn.columns([
        itemColumn.accessor('type', {
          header: 'Type',
          cell: ({ row }) =>
            row.original.treatment
              ? `${payItemTypeLabel(row.original.type)}: ${payItemTreatmentLabels[row.original.treatment]}`
              : payItemTypeLabel(row.original.type),
        }),
        itemColumn.accessor('amount', { header: 'Amount', cell: ({ getValue }) => formatAmount(getValue()) }),
        itemColumn.display({
          id: 'actions',
          header: 'Actions',
          cell: ({ row }) => <DeleteButton actor={actor} kind={kind} item={row.original} />,
        }),
      ]),
    [actor, kind],
  );
  return (
    <Card.Root variant="outline">
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Heading as="h3" size="sm">
          {info.title}
        </Heading>
        {form && <AddItemForm key={form.id + form.sessionId} form={form} kind={kind} />}
        {list && (
          <ListTable
            actor={list}
            label={`${info.title} items`}
            columns={columns}
            minWidth="360px"
            paged={false}
            phoneLayout="table"
            caption={() => `Total: ${formatAmount(total)}`}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function summaryRows(payslip: PayslipDetail): Row[] {
  const totals = payslip.totals;
  const money = (value: number | undefined) => (value === undefined ? '-' : formatAmount(value));
  return [
    ['Period', `${monthName(payslip.month)} ${payslip.year}`],
    ['Pay Date', payslip.payDate ? formatDayMonthYear(payslip.payDate) : '-'],
    ['Ordinary Wages', money(totals?.ordinaryWages)],
    ['Additional Wages', money(totals?.additionalWages)],
    ['Gross Pay', money(totals?.grossPay)],
    ['Employee CPF', money(totals?.employeeCpf)],
    ['Self-Help Group', money(totals?.selfHelpGroup)],
    ['Net Pay', money(totals?.netPay)],
    ['Other Items', money(totals?.otherItems)],
    ['Net Payable', money(totals?.netPayable)],
    ['Employer CPF', money(totals?.employerCpf)],
  ];
}

function PayslipSummary({ actor }: { actor: PayItemsRef }) {
  const payslip = useSelector(actor, (s) => s.context.payslip as PayslipDetail);
  return (
    <Card.Root variant="outline">
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          Payslip Summary
        </Heading>
        {payslip.totalsError && (
          <Text role="status" color="fg.error" fontSize="sm">
            {payslip.totalsError}
          </Text>
        )}
        <ReadOnlyRows rows={summaryRows(payslip)} />
      </Card.Body>
    </Card.Root>
  );
}

const shown = (value: string | undefined) => (value ? value : '-');

function snapshotRows(payslip: PayslipDetail, noCpf: boolean) {
  return (values: PanelValues): Row[] => [
    ['Basic Salary', values.basicSalarySnapshot ? formatAmount(Number(values.basicSalarySnapshot)) : '-'],
    ['CPF Type', cpfTypeLabel(payslip.cpfTypeSnapshot)],
    ['CPF Section', cpfSectionLabel(payslip.cpfSectionSnapshot)],
    ['Employee CPF Rate (%)', noCpf ? '-' : shown(values.employeeCpfRateSnapshot)],
    ['Employer CPF Rate (%)', noCpf ? '-' : shown(values.employerCpfRateSnapshot)],
    ['Self-Help Group', shown(values.selfHelpGroupSnapshot)],
  ];
}

function SnapshotFields({
  values,
  errors,
  onChange,
  onBlur,
  disabled,
  noCpf,
}: FieldsProps & { noCpf: boolean }) {
  const text = (field: string) => ({
    name: field,
    value: values[field] ?? '',
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
    onBlur: (event: React.FocusEvent) => onBlur(field, event),
  });
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
      <LabelledField label="Basic Salary" error={errors.basicSalarySnapshot} required disabled={disabled}>
        <Input {...text('basicSalarySnapshot')} inputMode="decimal" maxLength={13} />
      </LabelledField>
      <LabelledField
        label="Self-Help Group"
        error={errors.selfHelpGroupSnapshot}
        required
        disabled={disabled}
      >
        <SelectInput
          name="selfHelpGroupSnapshot"
          value={values.selfHelpGroupSnapshot ?? ''}
          options={selfHelpGroups.map((group) => ({ value: group, label: group }))}
          onChange={(value) => onChange('selfHelpGroupSnapshot', value)}
          onBlur={(event) => onBlur('selfHelpGroupSnapshot', event)}
        />
      </LabelledField>
      {!noCpf && (
        <>
          <LabelledField
            label="Employee CPF Rate (%)"
            error={errors.employeeCpfRateSnapshot}
            required
            disabled={disabled}
          >
            <Input {...text('employeeCpfRateSnapshot')} inputMode="decimal" maxLength={6} />
          </LabelledField>
          <LabelledField
            label="Employer CPF Rate (%)"
            error={errors.employerCpfRateSnapshot}
            required
            disabled={disabled}
          >
            <Input {...text('employerCpfRateSnapshot')} inputMode="decimal" maxLength={6} />
          </LabelledField>
        </>
      )}
    </Grid>
  );
}

/** Payment Information Used: the payslip's snapshot, an editable panel (spawned by Pay Items) until processed. */
function PaymentSnapshotPanel({ actor }: { actor: PayItemsRef }) {
  const payslip = useSelector(actor, (s) => s.context.payslip as PayslipDetail);
  const editable = useSelector(actor, (s) => s.matches('editable'));
  const snapshot = useSelector(actor, (s) => s.context.snapshot);
  if (!snapshot) return null;
  const noCpf = payslip.cpfTypeSnapshot === 'NONE';
  return (
    <EditablePanelCard
      actor={snapshot}
      title="Payment Information Used"
      canEdit={editable}
      fields={(props) => <SnapshotFields {...props} noCpf={noCpf} />}
      rows={snapshotRows(payslip, noCpf)}
    />
  );
}

/** The employee's Leave Balance of the payslip's year, drawn as on My profile and user detail. */
function PayItemsLeaveBalance({ actor }: { actor: PayItemsRef }) {
  const balances = useSelector(actor, (s) => s.context.balances);
  const year = useSelector(actor, (s) => s.context.year);
  return balances && <LeaveBalanceCard actor={balances} title={`Leave Balance ${year}`} />;
}

/** /admin/users/:userId/pay-items/:year/:month (spec section 2, Admin pay items). */
export function PayItemsScreen({
  logic,
  userId,
  year,
  month,
  processingStatus,
  user,
  inspect,
}: {
  logic: PayItemsLogic;
  userId: number;
  year: number;
  month: number;
  /** Navigation state from Process Pay. */
  processingStatus?: PayslipStatus | null;
  user?: PayItemsEmployee | null;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { userId, year, month, processingStatus, user }, inspect });
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const hasPayslip = useSelector(actor, (s) => s.context.payslip !== null);
  const status = useSelector(actor, (s) => s.context.status);
  const name = useSelector(actor, (s) => s.context.user?.fullName);

  return (
    <Stack gap="4">
      <Link asChild alignSelf="flex-start" color="teal.fg" fontSize="sm">
        <RouterLink href="/admin/process-pay" state={{ year, month }}>
          <ArrowLeftIcon />
          Process Pay
        </RouterLink>
      </Link>
      <PageTitle>Pay Items</PageTitle>
      <HStack gap="3" wrap="wrap" mt="-4">
        {name && (
          <Text fontWeight="semibold" fontSize="lg">
            {name}
          </Text>
        )}
        <Text color="fg.muted">
          {monthName(month)} {year}
        </Text>
        {status && <StatusBadge status={status} label={payslipStatusLabels[status]} />}
      </HStack>
      {loading && <Spinner size="sm" color="fg.muted" aria-label="Loading" />}
      {hasPayslip && (
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="4">
          <Stack gap="4" minW="0">
            <PayslipSummary actor={actor} />
            <PaymentSnapshotPanel actor={actor} />
            <PayItemsLeaveBalance actor={actor} />
          </Stack>
          <Box minW="0">
            <Tabs.Root defaultValue="adhoc" variant="line" colorPalette="teal">
              <Tabs.List overflowX="auto">
                {TABS.map((tab) => (
                  <Tabs.Trigger key={tab.value} value={tab.value}>
                    {tab.label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {TABS.map((tab) => (
                <Tabs.Content key={tab.value} value={tab.value}>
                  <Stack gap="4">
                    {tab.kinds.map((kind) => (
                      <ItemPanel key={kind} actor={actor} kind={kind} />
                    ))}
                  </Stack>
                </Tabs.Content>
              ))}
            </Tabs.Root>
          </Box>
        </Grid>
      )}
    </Stack>
  );
}

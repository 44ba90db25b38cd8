import {
  Alert,
  Button,
  Card,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { OpeningBalancesRef } from '../../../machines/opening-balances.machine';
import { parseAmountText } from '../../domain/money';
import type { LeaveTypeRef } from '../../domain/onboarding';
import { MONTH_NAMES } from '../../domain/payslip-labels';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LabelledField } from '../../ui/form-field';
import { SelectInput } from '../../ui/labelled-field';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { LoadFailure, useLoading } from '../load/load-view';
import { EditablePanelCard } from './editable-panel-view';
import type { FieldsProps, Row } from './record-fields';

const AMOUNTS = [
  ['ordinaryWages', 'Ordinary wages ($)'],
  ['additionalWages', 'Additional wages ($)'],
  ['employeeCpf', 'Employee CPF ($)'],
  ['employerCpf', 'Employer CPF ($)'],
  ['shg', 'Self-help group ($)'],
  ['sdl', 'SDL ($)'],
] as const;

const MONTHS = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));
const THROUGH_MONTH = 'Paid before, January to';

/** An amount as stored, in dollars with thousands separators. */
const dollars = (text: string | undefined) => {
  const amount = parseAmountText(text ?? '');
  return amount === undefined
    ? '-'
    : amount.toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
};

function ytdRows(values: Record<string, string>): Row[] {
  if (!values.throughMonth) return [['Year so far', 'None recorded']];
  return [
    [THROUGH_MONTH, MONTH_NAMES[Number(values.throughMonth) - 1] ?? values.throughMonth],
    ...AMOUNTS.map(([field, label]): Row => [label, dollars(values[field])]),
  ];
}

function YtdFields(props: FieldsProps) {
  const bind = (field: string) => ({
    name: field,
    value: props.values[field] ?? '',
    onChange: (event: { target: { value: string } }) => props.onChange(field, event.target.value),
    onBlur: (event: React.FocusEvent) => props.onBlur(field, event),
  });
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <LabelledField label={THROUGH_MONTH} error={props.errors.throughMonth} disabled={props.disabled}>
        <SelectInput
          name="throughMonth"
          value={props.values.throughMonth ?? ''}
          options={MONTHS}
          onChange={(value) => props.onChange('throughMonth', value)}
          onBlur={(event) => props.onBlur('throughMonth', event)}
        />
      </LabelledField>
      {AMOUNTS.map(([field, label]) => (
        <LabelledField key={field} label={label} error={props.errors[field]} disabled={props.disabled}>
          <Input inputMode="decimal" maxLength={20} {...bind(field)} />
        </LabelledField>
      ))}
    </SimpleGrid>
  );
}

function LeaveFields(props: FieldsProps & { leaveTypes: readonly LeaveTypeRef[] }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {props.leaveTypes.map((type) => (
        <LabelledField
          key={type.id}
          label={`${type.name} (days taken)`}
          error={props.errors[String(type.id)]}
          disabled={props.disabled}
        >
          <Input
            type="number"
            name={`opening-${type.id}`}
            min={0}
            step={0.5}
            value={props.values[String(type.id)] ?? ''}
            onChange={(event) => props.onChange(String(type.id), event.target.value)}
            onBlur={(event) => props.onBlur(String(type.id), event)}
          />
        </LabelledField>
      ))}
    </SimpleGrid>
  );
}

/**
 * User detail's Opening balances (issue 38, ADMIN): for a chosen year, the year so far paid before the
 * company used the product and the leave days taken before, each an editable panel, and Remove.
 */
export function RecordOpeningBalances({ actor }: { actor: OpeningBalancesRef }) {
  const year = useSelector(actor, (s) => s.context.year);
  const years = useSelector(actor, (s) => s.context.years);
  const leaveTypes = useSelector(actor, (s) => s.context.leaveTypes);
  const load = useSelector(actor, (s) => s.context.load);
  const ytdPanel = useSelector(actor, (s) => s.context.ytdPanel);
  const leavePanel = useSelector(actor, (s) => s.context.leavePanel);
  const recorded = useSelector(actor, (s) => s.context.recorded);
  const removeError = useSelector(actor, (s) => s.context.removeError);
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }));
  const confirming = useSelector(actor, (s) => s.matches({ ready: 'confirmingRemove' }));
  const removing = useSelector(actor, (s) => s.matches({ ready: 'removing' }));
  const loading = useLoading(load);

  return (
    <Card.Root>
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Flex justify="space-between" align="flex-end" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading as="h2" size="md">
              Opening balances
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              What was paid and taken this year before the company used this product.
            </Text>
          </Stack>
          <PickerSelect
            label="Year"
            value={year}
            options={yearChoices(years)}
            disabled={removing}
            onChange={(y) => actor.send({ type: 'openingBalances.changeYear', year: y })}
          />
        </Flex>
        {loading && <Spinner size="sm" color="fg.muted" aria-label="Loading" />}
        <LoadFailure load={load} />
        {ytdPanel && (
          <EditablePanelCard
            actor={ytdPanel}
            title="Year so far"
            canEdit
            fields={(props) => <YtdFields {...props} />}
            rows={ytdRows}
          />
        )}
        {ytdPanel && recorded && (
          <Stack gap="2" align="flex-start">
            {removeError && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{removeError.message}</Alert.Title>
              </Alert.Root>
            )}
            <Button
              variant="outline"
              colorPalette="red"
              size="sm"
              disabled={!idle}
              onClick={() => actor.send({ type: 'openingBalances.remove' })}
            >
              Remove year so far
            </Button>
          </Stack>
        )}
        {leavePanel && (
          <EditablePanelCard
            actor={leavePanel}
            title="Leave taken before"
            canEdit
            fields={(props) => <LeaveFields {...props} leaveTypes={leaveTypes} />}
            rows={(values) => leaveTypes.map((type): Row => [type.name, values[String(type.id)] || '0'])}
          />
        )}
      </Card.Body>
      <ConfirmDialog
        open={confirming || removing}
        title={`Remove the year so far of ${year}?`}
        description="The months it covers are then offered for processing again."
        confirmLabel="Remove"
        busy={removing}
        onConfirm={() => actor.send({ type: 'openingBalances.confirmRemove' })}
        onCancel={() => actor.send({ type: 'openingBalances.cancelRemove' })}
      />
    </Card.Root>
  );
}

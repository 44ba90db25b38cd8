import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { ActorRefFrom } from 'xstate';
import type { ir21ClearanceFormMachine } from '../../../machines/ir21-clearance-form.machine';
import { formatDayMonthYear } from '../../domain/dates';
import type { Ir21ClearanceFormValues } from '../../domain/ir21';
import type { Separation } from '../../domain/separation';
import { FormDateField } from '../../ui/date-field';
import { FormError, FormField, SubmitButton } from '../../ui/form-field';
import { type FormActorRef, useForm } from '../../ui/use-form';

/**
 * The IR21 step of the Separation panel (issue 35 item 5): whether the leaver's pay is withheld or
 * IRAS has cleared them, the IR21 downloads and "Record IRAS clearance" (administrators only).
 */
export function Ir21Section({
  separation,
  manage,
  downloading,
  canClear,
  clearance,
  onDownload,
  onClear,
  onCancel,
}: {
  separation: Separation;
  manage: boolean;
  downloading: boolean;
  canClear: boolean;
  clearance: ActorRefFrom<typeof ir21ClearanceFormMachine> | null;
  onDownload: (format: 'pdf' | 'csv') => void;
  onClear: () => void;
  onCancel: () => void;
}) {
  if (!separation.ir21Required) return null;
  return (
    <Stack gap="3" as="section" aria-label="IR21 tax clearance">
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          IR21 tax clearance
        </Text>
        {separation.payWithheld ? (
          <Badge colorPalette="orange">Pay withheld until IRAS clears the IR21</Badge>
        ) : (
          <Badge colorPalette="green">Cleared by IRAS</Badge>
        )}
      </HStack>
      {separation.ir21ClearedOn && (
        <Text fontSize="sm" color="fg.muted">
          Cleared on {formatDayMonthYear(separation.ir21ClearedOn)}, reference {separation.ir21Reference}
        </Text>
      )}
      {manage && (
        <HStack gap="3" wrap="wrap">
          <Button size="sm" variant="outline" loading={downloading} onClick={() => onDownload('pdf')}>
            Download IR21 (PDF)
          </Button>
          <Button size="sm" variant="outline" disabled={downloading} onClick={() => onDownload('csv')}>
            Download IR21 (CSV)
          </Button>
          {canClear && !clearance && (
            <Button size="sm" colorPalette="teal" onClick={onClear}>
              Record IRAS clearance
            </Button>
          )}
        </HStack>
      )}
      {clearance && <ClearanceForm actor={clearance} onCancel={onCancel} />}
    </Stack>
  );
}

function ClearanceForm({
  actor,
  onCancel,
}: {
  actor: ActorRefFrom<typeof ir21ClearanceFormMachine>;
  onCancel: () => void;
}) {
  const form = useForm(actor as FormActorRef<Ir21ClearanceFormValues>);
  return (
    <form noValidate aria-label="Record IRAS clearance" onSubmit={form.onSubmit}>
      <Stack gap="4" maxW="xl">
        <FormDateField label="Clearance Date" field={form.field('date')} />
        <FormField label="IRAS Reference" field={form.field('reference')} />
        <FormError message={form.submitError} />
        <Flex justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <SubmitButton loading={form.submitting}>Record clearance</SubmitButton>
        </Flex>
      </Stack>
    </form>
  );
}

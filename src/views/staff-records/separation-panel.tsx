import { Badge, Button, Card, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { separationFormMachine } from '../../../machines/separation-form.machine';
import type { SeparationPanelLogic } from '../../actors/separation-panel.actors';
import { formatDayMonthYear } from '../../domain/dates';
import { SEPARATION_REASONS } from '../../domain/enums';
import { canAcknowledgeSeparation } from '../../domain/lifecycles/separation.lifecycle';
import {
  SEPARATION_REASON_LABELS,
  SEPARATION_STEP_LABELS,
  type Separation,
  type SeparationFormValues,
} from '../../domain/separation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormDateField } from '../../ui/date-field';
import { FormError, LabelledField, SubmitButton } from '../../ui/form-field';
import { SelectInput } from '../../ui/labelled-field';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { LoadFailure, useLoading } from '../load/load-view';
import { Ir21Section } from './ir21-section';
import { ReadOnlyRows } from './record-fields';

const STATUS_WORDS: Record<Separation['status'], string> = {
  REQUESTED: 'Resignation submitted, waiting for HR',
  ACKNOWLEDGED: 'Leaving',
  WITHDRAWN: 'Withdrawn',
  COMPLETED: 'Left',
};
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/**
 * The Separation panel (issue 35) on the staff record (`manage`) and on My profile: the separation's
 * state and dates, what is due when, and the key employment terms as a PDF.
 */
export function SeparationPanel({
  logic,
  userId,
  manage,
  today,
  inspect,
}: {
  logic: SeparationPanelLogic;
  userId: number;
  manage: boolean;
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { userId, manage, today }, inspect });
  const view = useSelector(actor, (s) => ({
    load: s.context.load,
    separation: s.context.separation,
    form: s.context.form,
    clearance: s.context.clearance,
    canClear: s.can({ type: 'taxClearance.record' }),
    downloadingIr21: s.matches({ shown: 'downloadingIr21' }),
    ketsMissing: s.context.ketsMissing,
    shown: s.matches('shown'),
    canStart: s.can({ type: 'separation.start' }),
    canAcknowledge: s.can({ type: 'separation.acknowledge' }),
    canWithdraw: s.can({ type: 'separation.withdraw' }),
    acknowledging: s.matches({ shown: 'acknowledging' }),
    confirming: s.matches({ shown: 'confirmingWithdraw' }),
    withdrawing: s.matches({ shown: 'withdrawing' }),
    downloading: s.matches({ shown: 'downloadingKets' }),
  }));
  const loading = useLoading(view.load);
  const send = actor.send;
  return (
    <Card.Root as="section" aria-labelledby="separation-title">
      <Card.Body gap="4" p={{ base: '4', md: '6' }}>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="separation-title">
            Employment terms and separation
          </Heading>
          <Button
            size="sm"
            variant="outline"
            loading={view.downloading}
            disabled={!view.shown}
            onClick={() => send({ type: 'kets.download' })}
          >
            Key employment terms (PDF)
          </Button>
        </Flex>
        {view.ketsMissing !== null && (
          <Text fontSize="sm" color={view.ketsMissing ? 'fg.error' : 'fg.muted'} role="status">
            {view.ketsMissing
              ? `Missing from the key employment terms: ${view.ketsMissing}`
              : 'Nothing is missing.'}
          </Text>
        )}
        {loading && <Spinner size="sm" color="fg.muted" aria-label="Loading" />}
        <LoadFailure load={view.load} />
        {view.shown && !view.separation && !view.form && (
          <Text color="fg.muted">{manage ? 'No separation is recorded.' : 'You have not resigned.'}</Text>
        )}
        {view.separation && <SeparationDetails separation={view.separation} />}
        {view.separation && (
          <Ir21Section
            separation={view.separation}
            manage={manage}
            downloading={view.downloadingIr21}
            canClear={view.canClear}
            clearance={view.clearance}
            onDownload={(format) => send({ type: 'taxClearance.download', format })}
            onClear={() => send({ type: 'taxClearance.record' })}
            onCancel={() => send({ type: 'separation.cancel' })}
          />
        )}
        {view.form && (
          <SeparationForm
            actor={view.form}
            manage={manage}
            onCancel={() => send({ type: 'separation.cancel' })}
          />
        )}
        <HStack gap="3" wrap="wrap">
          {view.canStart && !view.form && (
            <Button colorPalette="teal" size="sm" onClick={() => send({ type: 'separation.start' })}>
              {manage ? 'Record separation' : 'Submit resignation'}
            </Button>
          )}
          {view.canAcknowledge && (
            <Button
              colorPalette="teal"
              size="sm"
              loading={view.acknowledging}
              onClick={() => send({ type: 'separation.acknowledge' })}
            >
              Acknowledge resignation
            </Button>
          )}
          {view.canWithdraw && (
            <Button
              colorPalette="red"
              variant="outline"
              size="sm"
              onClick={() => send({ type: 'separation.withdraw' })}
            >
              Withdraw
            </Button>
          )}
        </HStack>
      </Card.Body>
      <ConfirmDialog
        open={view.confirming || view.withdrawing}
        title="Withdraw this separation?"
        description="The employee stays employed: their status goes back to active and the last day is cleared."
        confirmLabel="Withdraw"
        busy={view.withdrawing}
        onConfirm={() => send({ type: 'separation.confirmWithdraw' })}
        onCancel={() => send({ type: 'separation.cancel' })}
      />
    </Card.Root>
  );
}

function SeparationDetails({ separation }: { separation: Separation }) {
  const date = formatDayMonthYear;
  return (
    <Stack gap="3">
      <HStack gap="2">
        <Badge colorPalette={canAcknowledgeSeparation(separation.status) ? 'orange' : 'gray'}>
          {STATUS_WORDS[separation.status]}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {SEPARATION_REASON_LABELS[separation.reason]}
        </Text>
      </HStack>
      <ReadOnlyRows
        rows={[
          ['Notice given', date(separation.noticeDate)],
          [
            'Notice period',
            `${separation.noticePeriodDays} ${separation.noticePeriodDays === 1 ? 'day' : 'days'}`,
          ],
          ['Notice served', separation.noticeServed ? 'Yes' : 'No'],
          ['Last day of service', date(separation.lastDay)],
        ]}
      />
      {/* Narrow, so that on a wide screen each date stays near its step. */}
      <Stack as="ol" gap="1" aria-label="What is due when" maxW="md">
        {separation.steps.map((step) => (
          <HStack as="li" key={step.step} justify="space-between" gap="3">
            <Text fontSize="sm">{SEPARATION_STEP_LABELS[step.step]}</Text>
            <HStack gap="2">
              <Text fontSize="sm" fontWeight="medium">
                {date(step.due)}
              </Text>
              {step.late && <Badge colorPalette="red">Late</Badge>}
            </HStack>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

function SeparationForm({
  actor,
  manage,
  onCancel,
}: {
  actor: ActorRefFrom<typeof separationFormMachine>;
  manage: boolean;
  onCancel: () => void;
}) {
  const form = useForm(actor as FormActorRef<SeparationFormValues>);
  const reason = form.field('reason');
  const served = form.field('noticeServed');
  return (
    <form
      noValidate
      aria-label={manage ? 'Record separation' : 'Submit resignation'}
      onSubmit={form.onSubmit}
    >
      {/* A form's width, not the panel's: a date field across a wide screen reads as a text box. */}
      <Stack gap="4" maxW="xl">
        {manage && (
          <LabelledField label="Reason" error={reason.error} required disabled={reason.disabled}>
            <SelectInput
              name={reason.name}
              value={reason.value}
              onChange={reason.onChange}
              onBlur={reason.onBlur}
              options={SEPARATION_REASONS.map((value) => ({ value, label: SEPARATION_REASON_LABELS[value] }))}
            />
          </LabelledField>
        )}
        <FormDateField label="Notice Date" field={form.field('noticeDate')} required />
        <FormDateField label="Last Day of Service" field={form.field('lastDay')} required />
        <LabelledField label="Notice Served" error={served.error} required disabled={served.disabled}>
          <SelectInput
            name={served.name}
            value={served.value}
            onChange={served.onChange}
            onBlur={served.onBlur}
            options={YES_NO}
          />
        </LabelledField>
        <FormError message={form.submitError} />
        <Flex justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <SubmitButton loading={form.submitting}>
            {manage ? 'Record separation' : 'Submit resignation'}
          </SubmitButton>
        </Flex>
      </Stack>
    </form>
  );
}

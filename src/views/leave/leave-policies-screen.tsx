import {
  Badge,
  Box,
  Button,
  Card,
  chakra,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { leavePolicyFormMachine } from '../../../machines/leave-policy-form.machine';
import type { LeavePoliciesLogic } from '../../actors/leave-policies.actors';
import type { LeaveTypePolicy } from '../../domain/leave-policies';
import {
  carryForwardText,
  ENTITLEMENT_LABELS,
  joinSchedule,
  type LeavePolicyFormValues,
  LIMITED_ENTITLEMENTS,
  policyDaysText,
  scheduleEntries,
} from '../../domain/leave-policy-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, LabelledField, SubmitButton } from '../../ui/form-field';
import { SelectInput } from '../../ui/labelled-field';
import { PageTitle } from '../../ui/page-title';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { LoadFailure } from '../load/load-view';

type PolicyFormRef = ActorRefFrom<typeof leavePolicyFormMachine>;

const ENTITLEMENT_OPTIONS = LIMITED_ENTITLEMENTS.map((kind) => ({
  value: kind,
  label: ENTITLEMENT_LABELS[kind],
}));

/** /admin/leave-policies (issue 17): how each leave type's yearly days are set, and what carries forward. */
export function LeavePoliciesScreen({
  logic,
  inspect,
}: {
  logic: LeavePoliciesLogic;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { inspect });
  const policies = useSelector(actor, (s) => s.context.policies);
  const load = useSelector(actor, (s) => s.context.load);
  const loading = useSelector(actor, (s) => s.matches('fetching'));
  const failed = useSelector(load, (s) => s.matches('failed'));
  const form = useSelector(actor, (s) => s.context.form);
  const editing = useSelector(actor, (s) => s.context.editing);

  return (
    <Stack gap="4">
      <PageTitle>Leave Policies</PageTitle>
      <Text color="fg.muted">
        How each leave type&apos;s yearly days are set, whether they are prorated in the year of joining and
        of leaving, and how many unused days carry into the next year. The Employment Act and the Child
        Development Co-Savings Act set the least a policy may give.
      </Text>
      {failed ? (
        <Card.Root>
          <Card.Body p={{ base: '4', md: '6' }}>
            <LoadFailure load={load} />
          </Card.Body>
        </Card.Root>
      ) : loading ? (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="36" rounded="l3" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, lg: 2 }} gap="4">
          {policies.map((policy) => (
            <PolicyCard
              key={policy.leaveTypeId}
              policy={policy}
              onEdit={() => actor.send({ type: 'policy.edit', leaveTypeId: policy.leaveTypeId })}
            />
          ))}
        </SimpleGrid>
      )}
      {form && editing && (
        <PolicyForm actor={form} policy={editing} onClose={() => actor.send({ type: 'policy.close' })} />
      )}
    </Stack>
  );
}

function PolicyCard({ policy, onEdit }: { policy: LeaveTypePolicy; onEdit: () => void }) {
  const name = policy.leaveType.name;
  const unlimited = policy.entitlement === 'NONE';
  const headingId = `policy-${policy.leaveTypeId}`;
  return (
    <Card.Root as="li" aria-labelledby={headingId}>
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <Flex justify="space-between" align="flex-start" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md" id={headingId}>
              {name}
            </Heading>
            <Badge alignSelf="flex-start" colorPalette={unlimited ? 'gray' : 'teal'} variant="subtle">
              {ENTITLEMENT_LABELS[policy.entitlement]}
            </Badge>
          </Stack>
          {!unlimited && (
            <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={onEdit}>
              Edit
            </Button>
          )}
        </Flex>
        <Stack as="dl" gap="2" fontSize="sm">
          <PolicyLine label="Days" value={policyDaysText(policy)} />
          {!unlimited && (
            <>
              <PolicyLine label="Prorated" value={policy.prorate ? 'Yes' : 'No'} />
              <PolicyLine label="Carry forward" value={carryForwardText(policy)} />
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function PolicyLine({ label, value }: { label: string; value: string }) {
  return (
    <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
      <Text as="dt" color="fg.muted" minW="32" flexShrink={0}>
        {label}
      </Text>
      <Text as="dd" overflowWrap="anywhere">
        {value}
      </Text>
    </Flex>
  );
}

/** The type's form in a dialog; it stays open while the save is in flight. */
function PolicyForm({
  actor,
  policy,
  onClose,
}: {
  actor: PolicyFormRef;
  policy: LeaveTypePolicy;
  onClose: () => void;
}) {
  const form = useForm(actor as FormActorRef<LeavePolicyFormValues>);
  const values = form.values;
  // A refusal states the law; the form shows it beside the field the server names (its `field`).
  const entitlement = form.field('entitlement');
  const schedule = form.field('schedule');
  const prorate = form.field('prorate');
  const entries = scheduleEntries(values.schedule);
  const setEntries = (next: string[]) => schedule.onChange(joinSchedule(next));
  const carries = Number(values.carryForwardMaxDays) > 0;

  return (
    <FormDialog
      open
      title={`Edit ${policy.leaveType.name}`}
      description="Days go in steps of 0.5. A policy may give more than the law, never less."
      busy={form.submitting}
      onClose={onClose}
    >
      <form noValidate aria-label={`${policy.leaveType.name} policy`} onSubmit={form.onSubmit}>
        <Stack gap="5">
          <LabelledField label="How days are set" error={entitlement.error} disabled={entitlement.disabled}>
            <SelectInput
              name="entitlement"
              value={entitlement.value}
              options={ENTITLEMENT_OPTIONS}
              onChange={entitlement.onChange}
            />
          </LabelledField>
          {values.entitlement === 'FIXED' && (
            <NumberField label="Days a year" field={form.field('days')} helperText="A full year's days." />
          )}
          {values.entitlement === 'SERVICE' && (
            <Box
              role="group"
              aria-labelledby="schedule-legend"
              aria-describedby="schedule-help schedule-error"
            >
              <Text id="schedule-legend" fontSize="sm" fontWeight="medium">
                Days by year of service
              </Text>
              <Text id="schedule-help" fontSize="xs" color="fg.muted">
                The last year&apos;s days repeat for every later year.
              </Text>
              <Stack gap="2" mt="2">
                {entries.map((entry, index) => {
                  const last = index === entries.length - 1;
                  const label = last && entries.length > 1 ? `Year ${index + 1} on` : `Year ${index + 1}`;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a year of service is its position.
                    <Flex key={index} gap="2" align="center">
                      <chakra.label htmlFor={`schedule-${index}`} fontSize="sm" minW="20">
                        {label}
                      </chakra.label>
                      <Input
                        id={`schedule-${index}`}
                        name={`schedule-${index}`}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={0.5}
                        maxW="28"
                        value={entry}
                        aria-invalid={schedule.error !== undefined || undefined}
                        onChange={(event) =>
                          setEntries(entries.map((e, i) => (i === index ? event.target.value : e)))
                        }
                        onBlur={schedule.onBlur}
                      />
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove year ${index + 1}`}
                        disabled={entries.length <= 1 || schedule.disabled}
                        onClick={() => setEntries(entries.filter((_, i) => i !== index))}
                      >
                        Remove
                      </Button>
                    </Flex>
                  );
                })}
                <Button
                  size="sm"
                  variant="outline"
                  alignSelf="flex-start"
                  disabled={schedule.disabled}
                  onClick={() => setEntries([...entries, entries.at(-1) ?? ''])}
                >
                  Add a year
                </Button>
              </Stack>
              {schedule.error && (
                <Text id="schedule-error" mt="2" fontSize="sm" color="fg.error" data-part="error-text">
                  {schedule.error}
                </Text>
              )}
            </Box>
          )}
          {values.entitlement === 'STATUTORY_SICK' && (
            <Text fontSize="sm" color="fg.muted">
              Days follow the Employment Act&apos;s table by completed months of service:{' '}
              {policyDaysText(policy)}.
            </Text>
          )}
          <LabelledField error={prorate.error} disabled={prorate.disabled}>
            <Switch.Root
              name="prorate"
              checked={prorate.value === 'yes'}
              onCheckedChange={(details) => prorate.onChange(details.checked ? 'yes' : 'no')}
              colorPalette="teal"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Prorated in the year of joining and of leaving</Switch.Label>
            </Switch.Root>
          </LabelledField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <NumberField
              label="Carry forward (max days)"
              field={form.field('carryForwardMaxDays')}
              helperText="Unused days that carry into the next year; 0 for none."
            />
            <NumberField
              label="Expiry (months)"
              field={form.field('carryForwardExpiryMonths')}
              helperText={
                carries
                  ? 'Carried days expire at the end of this month of the next year; empty: they do not expire.'
                  : 'Used only when days carry forward.'
              }
            />
          </SimpleGrid>
          <FormError message={form.submitError} />
          <Flex justify="flex-end" gap="3">
            <Button variant="outline" disabled={form.submitting} onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton loading={form.submitting} disabled={!form.canSubmit}>
              Save
            </SubmitButton>
          </Flex>
        </Stack>
      </form>
    </FormDialog>
  );
}

/** A number of days bound to the form (text in the machine, a number input here). */
function NumberField({
  label,
  field,
  helperText,
}: {
  label: string;
  field: ReturnType<ReturnType<typeof useForm>['field']>;
  helperText: string;
}) {
  return (
    <LabelledField label={label} error={field.error} disabled={field.disabled} helper={helperText}>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.5}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      />
    </LabelledField>
  );
}

import { Card, Checkbox, Flex, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { timesheetFormMachine } from '../../../machines/timesheet-form.machine';
import type { TimesheetLogic } from '../../actors/timesheets.actors';
import { MONTH_NAMES } from '../../domain/payslips';
import { dateOfDay, daysInMonth, type TimesheetFormValues } from '../../domain/timesheet-form';
import { FormError, LabelledField, SubmitButton } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { LoadFailure, useLoading } from '../load/load-view';
import { TimesheetResult } from './timesheet-parts';

const monthChoices = MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name }));
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-SG', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** /staff/timesheet (issue 36 item 5): the staff member's own month, one day a line, usable on a phone. */
export function TimesheetScreen({
  logic,
  userId,
  hireDate,
  today,
  title,
  inspect,
}: {
  logic: TimesheetLogic;
  userId: number;
  hireDate: string | null;
  today: string;
  title: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { userId, hireDate, today }, inspect });
  const years = useSelector(actor, (s) => s.context.years);
  const year = useSelector(actor, (s) => s.context.year);
  const month = useSelector(actor, (s) => s.context.month);
  const load = useSelector(actor, (s) => s.context.load);
  const form = useSelector(actor, (s) => s.context.form);
  const sheet = useSelector(actor, (s) => s.context.sheet);
  const loading = useLoading(load);
  return (
    <Stack gap="4" maxW="3xl">
      <PageTitle>{title}</PageTitle>
      <Flex gap="3" wrap="wrap">
        <PickerSelect
          label="Year"
          value={year}
          options={yearChoices(years)}
          disabled={loading}
          onChange={(y) => actor.send({ type: 'period.change', year: y, month })}
        />
        <PickerSelect
          label="Month"
          value={month}
          options={monthChoices}
          disabled={loading}
          onChange={(m) => actor.send({ type: 'period.change', year, month: m })}
        />
      </Flex>
      <LoadFailure load={load} />
      {loading && <Skeleton height="40" aria-busy="true" />}
      {sheet && form && (
        <>
          <Card.Root>
            <Card.Body p={{ base: '4', md: '6' }}>
              <TimesheetResult sheet={sheet} />
            </Card.Body>
          </Card.Root>
          <TimesheetForm actor={form} year={sheet.year} month={sheet.month} />
        </>
      )}
    </Stack>
  );
}

/** One month's days, a line each; the grid's editor uses it too. */
export function TimesheetForm({
  actor,
  year,
  month,
}: {
  actor: ActorRefFrom<typeof timesheetFormMachine>;
  year: number;
  month: number;
}) {
  const form = useForm(actor as FormActorRef<TimesheetFormValues>);
  const days = Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1);
  return (
    <form noValidate aria-label="Timesheet" onSubmit={form.onSubmit}>
      <Stack gap="2">
        {days.map((day) => {
          const date = dateOfDay(year, month, day);
          const hours = form.field(`hours${day}`);
          const rest = form.field(`rest${day}`);
          const holiday = form.field(`holiday${day}`);
          return (
            <Card.Root key={day} size="sm" role="group" aria-label={date}>
              <Card.Body p="3">
                <Flex gap="3" align="flex-end" wrap="wrap">
                  <Text fontWeight="medium" minW="6rem" alignSelf="center">
                    {dayLabel(date)}
                  </Text>
                  <LabelledField label="Hours" error={hours.error} disabled={hours.disabled} width="auto">
                    <Input
                      name={hours.name}
                      value={hours.value}
                      inputMode="decimal"
                      width="6rem"
                      size="sm"
                      onChange={(event) => hours.onChange(event.target.value)}
                      onBlur={hours.onBlur}
                    />
                  </LabelledField>
                  <LabelledField label="Rest day" error={rest.error} disabled={rest.disabled} width="auto">
                    <NativeSelect.Root size="sm" width="11rem">
                      <NativeSelect.Field
                        name={rest.name}
                        value={rest.value}
                        onChange={(event) => rest.onChange(event.target.value)}
                      >
                        <option value="">Not a rest day</option>
                        <option value="EMPLOYEE_REQUEST">Rest day, I asked</option>
                        <option value="EMPLOYER_REQUEST">Rest day, employer asked</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </LabelledField>
                  <Checkbox.Root
                    name={holiday.name}
                    checked={holiday.value === 'yes'}
                    disabled={holiday.disabled}
                    onCheckedChange={(details) => holiday.onChange(details.checked === true ? 'yes' : '')}
                    size="sm"
                    alignSelf="center"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Public holiday</Checkbox.Label>
                  </Checkbox.Root>
                </Flex>
              </Card.Body>
            </Card.Root>
          );
        })}
        <FormError message={form.submitError} />
        <Flex justify="flex-end" position="sticky" bottom="0" py="2" bg="bg">
          <SubmitButton loading={form.submitting}>Submit</SubmitButton>
        </Flex>
      </Stack>
    </form>
  );
}

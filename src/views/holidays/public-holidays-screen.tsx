import { Alert, Box, Button, Card, Flex, Grid, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import { isRemoving, rowToRemove } from '../../../machines/list.selectors';
import type { publicHolidayFormMachine } from '../../../machines/public-holiday-form.machine';
import type { PublicHolidaysLogic } from '../../actors/public-holidays.actors';
import { formatDayMonthYear } from '../../domain/dates';
import type { PublicHolidayFormValues } from '../../domain/holidays';
import { holidayNoticeWords } from '../../domain/messages/holidays';
import { type HolidayNotice, type PublicHolidayRow, weekdayName } from '../../domain/public-holiday-rows';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { columnsFor } from '../../ui/data-table';
import { FormDateField } from '../../ui/date-field';
import { FormError, FormField, SubmitButton } from '../../ui/form-field';
import { CloseIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { type ListActorRef, ListTable } from '../list/list-view';

const column = columnsFor<PublicHolidayRow>();

const holidayColumns = (actor: ListActorRef) =>
  column.columns([
    column.accessor('date', {
      header: 'Date',
      enableSorting: true,
      cell: ({ getValue }) => formatDayMonthYear(getValue()),
    }),
    column.accessor((row) => weekdayName(row.date), { id: 'day', header: 'Day' }),
    column.accessor('name', {
      header: 'Name',
      enableSorting: true,
      cell: ({ getValue }) => (
        <Text as="span" whiteSpace="normal">
          {getValue()}
        </Text>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <Box srOnly>Actions</Box>,
      cell: ({ row }) => (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={`Delete ${row.original.name} (${formatDayMonthYear(row.original.date)})`}
          onClick={() => actor.send({ type: 'removal.request', row: row.original })}
        >
          Delete
        </Button>
      ),
    }),
  ]);

/** /admin/public-holidays (issue 17, part 4): the holidays the leave day count skips, kept by the administrator. */
export function PublicHolidaysScreen({
  logic,
  today,
  inspect,
}: {
  logic: PublicHolidaysLogic;
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { today }, inspect });
  const year = useSelector(actor, (s) => s.context.year);
  const years = useSelector(actor, (s) => s.context.years);
  const holidays = useSelector(actor, (s) => s.context.holidays);
  const form = useSelector(actor, (s) => s.context.form);
  const notice = useSelector(actor, (s) => s.context.notice);
  // The list is made again for each year, so its columns follow it.
  const columns = useMemo(() => holidayColumns(holidays), [holidays]);

  return (
    <Stack gap="4">
      <PageTitle>Public Holidays</PageTitle>
      <Text color="fg.muted" maxW="3xl">
        Leave is counted without these days. Adding or deleting one counts the pending requests over its date
        again; approved and rejected requests keep their days.
      </Text>
      {notice && <ChangeNotice notice={notice} onDismiss={() => actor.send({ type: 'notice.dismiss' })} />}
      <PickerSelect
        label="Year"
        value={year}
        options={yearChoices(years)}
        onChange={(y) => actor.send({ type: 'year.change', year: y })}
      />
      {/* The form comes first (on a phone it is above the year's list); on a wide screen it sits on the right. */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(16rem, 1fr)' }} gap="4">
        <Card.Root alignSelf="start" gridColumn={{ lg: '2' }} gridRow={{ lg: '1' }}>
          <Card.Body gap="4" p={{ base: '4', md: '6' }}>
            <Heading as="h2" size="md" id="add-holiday-heading">
              Add holiday
            </Heading>
            <AddHolidayForm actor={form} />
          </Card.Body>
        </Card.Root>
        <Card.Root gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
          <Card.Body gap="4" p={{ base: '4', md: '6' }}>
            <Heading as="h2" size="md">
              Holidays {year}
            </Heading>
            <ListTable
              actor={holidays}
              label={`Public holidays ${year}`}
              columns={columns}
              minWidth="480px"
              paged={false}
              caption={(total) =>
                total === 1 ? `1 public holiday in ${year}.` : `${total} public holidays in ${year}.`
              }
            />
          </Card.Body>
        </Card.Root>
      </Grid>
      <DeleteDialog actor={holidays} />
    </Stack>
  );
}

function AddHolidayForm({ actor }: { actor: ActorRefFrom<typeof publicHolidayFormMachine> }) {
  const form = useForm(actor as FormActorRef<PublicHolidayFormValues>);
  const date = form.field('date');
  return (
    <form noValidate aria-labelledby="add-holiday-heading" onSubmit={form.onSubmit}>
      <Stack gap="4">
        <FormDateField label="Date" field={date} min="2000-01-01" max="2100-12-31" />
        <FormField label="Name" field={form.field('name')} autoComplete="off" />
        {/* The server's refusal (the date is a holiday already, or a pending request would keep no day). */}
        <FormError message={form.submitError} />
        <Flex justify="flex-end">
          <SubmitButton loading={form.submitting}>Add holiday</SubmitButton>
        </Flex>
      </Stack>
    </form>
  );
}

/** What the last add or delete did to the pending requests. */
function ChangeNotice({ notice, onDismiss }: { notice: HolidayNotice; onDismiss: () => void }) {
  const count = notice.changedRequests.length;
  return (
    <Alert.Root status="info" variant="subtle" role="status" alignItems="start">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{holidayNoticeWords.title(notice.change, notice.holiday)}</Alert.Title>
        <Alert.Description>
          {count === 0 ? (
            holidayNoticeWords.none
          ) : (
            <>
              {holidayNoticeWords.some(count)}
              <Box as="ul" listStyleType="disc" ps="5" mt="1">
                {notice.changedRequests.map((request) => (
                  <li key={request.id}>{holidayNoticeWords.line(request)}</li>
                ))}
              </Box>
            </>
          )}
        </Alert.Description>
      </Alert.Content>
      <IconButton aria-label="Dismiss" size="xs" variant="ghost" mt="-1" me="-1" onClick={onDismiss}>
        <CloseIcon />
      </IconButton>
    </Alert.Root>
  );
}

/** The confirmation before a holiday is deleted; the list statechart closes it when the removal ends. */
function DeleteDialog({ actor }: { actor: ListActorRef }) {
  const row = useSelector(actor, (s) => rowToRemove(s) as PublicHolidayRow | null);
  const busy = useSelector(actor, isRemoving);
  return (
    <ConfirmDialog
      open={row !== null}
      busy={busy}
      title="Delete this public holiday?"
      description={
        row
          ? `${row.name} (${formatDayMonthYear(row.date)}) will no longer be a holiday. The pending leave requests over its date will be counted again.`
          : ''
      }
      confirmLabel="Delete"
      onConfirm={() => actor.send({ type: 'removal.confirm' })}
      onCancel={() => actor.send({ type: 'removal.cancel' })}
    />
  );
}

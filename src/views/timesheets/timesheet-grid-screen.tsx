import { Box, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { InspectionEvent, Observer } from 'xstate';
import type { TimesheetGridLogic } from '../../actors/timesheet-grid.actors';
import { canApproveTimesheet } from '../../domain/lifecycles/timesheet.lifecycle';
import { formatCents } from '../../domain/money';
import { MONTH_NAMES } from '../../domain/payslips';
import { dateOfDay, daysInMonth } from '../../domain/timesheet-form';
import type { TimesheetGridRow } from '../../domain/timesheets';
import { columnsFor, DataTable, type DataTableColumn } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { SideSheet } from '../../ui/side-sheet';
import { useIsMobile } from '../../ui/use-is-mobile';
import { LoadFailure, useLoading } from '../load/load-view';
import { TimesheetImportPanel } from './timesheet-import-panel';
import { TimesheetStatus } from './timesheet-parts';
import { TimesheetForm } from './timesheet-screen';

const monthChoices = MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name }));
const WEEKDAY_LETTERS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
const weekdayOf = (date: string) => WEEKDAY_LETTERS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
const dollars = (cents: number) => `$${formatCents(cents)}`;

interface Totals {
  overtimeHours: number;
  overtimePay: number;
  restDayPay: number;
  publicHolidayPay: number;
}
const totalsOf = (rows: readonly TimesheetGridRow[]): Totals =>
  rows.reduce(
    (sum, row) => {
      const r = row.timesheet.result;
      if (!r) return sum;
      return {
        overtimeHours: Math.round((sum.overtimeHours + r.overtimeHours) * 100) / 100,
        overtimePay: sum.overtimePay + r.overtimePay,
        restDayPay: sum.restDayPay + r.restDayPay,
        publicHolidayPay: sum.publicHolidayPay + r.publicHolidayPay,
      };
    },
    { overtimeHours: 0, overtimePay: 0, restDayPay: 0, publicHolidayPay: 0 },
  );

/** A day's cell: its hours, with RD (rest day) or PH (public holiday) beside them. */
function DayCell({ row, date }: { row: TimesheetGridRow; date: string }) {
  const day = row.timesheet.days.find((d) => d.date === date);
  if (!day) return <Text color="fg.subtle">·</Text>;
  return (
    <Stack gap="0" align="center" lineHeight="short">
      <Text fontVariantNumeric="tabular-nums">{day.hours}</Text>
      {day.restDay && (
        <Text
          textStyle="2xs"
          color="orange.fg"
          title={day.restDay === 'EMPLOYER_REQUEST' ? 'Rest day, employer asked' : 'Rest day, employee asked'}
        >
          RD
        </Text>
      )}
      {day.publicHoliday && (
        <Text textStyle="2xs" color="purple.fg" title="Public holiday">
          PH
        </Text>
      )}
    </Stack>
  );
}

/** /admin/timesheets (issue 36 item 5): the month's timesheets, staff down and days across. */
export function TimesheetGridScreen({
  logic,
  today,
  selfId,
  inspect,
}: {
  logic: TimesheetGridLogic;
  today: string;
  /** The signed-in administrator: their own month is approved by someone else. */
  selfId: number;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { today }, inspect });
  const years = useSelector(actor, (s) => s.context.years);
  const year = useSelector(actor, (s) => s.context.year);
  const month = useSelector(actor, (s) => s.context.month);
  const load = useSelector(actor, (s) => s.context.load);
  const grid = useSelector(actor, (s) => s.context.grid);
  const form = useSelector(actor, (s) => s.context.form);
  const open = useSelector(actor, (s) => s.context.open);
  const importer = useSelector(actor, (s) => s.context.importer);
  const approving = useSelector(actor, (s) => s.context.approving?.userId ?? null);
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const formBusy = useSelector(form ?? undefined, (s) => s?.hasTag('busy') ?? false);
  const loading = useLoading(load);
  const phone = useIsMobile();
  const rows = grid?.rows ?? [];
  const dates = useMemo(
    () => Array.from({ length: daysInMonth(year, month) }, (_, i) => dateOfDay(year, month, i + 1)),
    [year, month],
  );
  const totals = useMemo(() => totalsOf(rows), [rows]);

  const columns = useMemo(() => {
    const column = columnsFor<TimesheetGridRow>();
    const name = column.display({
      id: 'name',
      header: 'Employee',
      cell: ({ row }) => (
        <Stack gap="0">
          <Text fontWeight="medium">{row.original.fullName}</Text>
          <Text textStyle="xs" color="fg.muted" fontWeight="normal">
            {row.original.email}
          </Text>
        </Stack>
      ),
      footer: () => <Text fontWeight="semibold">Month's totals</Text>,
    });
    const status = column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <TimesheetStatus status={row.original.timesheet.status} />,
    });
    const days = dates.map((date) =>
      column.display({
        id: date,
        header: () => (
          <Stack gap="0" align="center" lineHeight="short">
            <Text>{Number(date.slice(8))}</Text>
            <Text textStyle="2xs" color={weekdayOf(date) === 'Su' ? 'orange.fg' : 'fg.muted'}>
              {weekdayOf(date)}
            </Text>
          </Stack>
        ),
        cell: ({ row }) => <DayCell row={row.original} date={date} />,
      }),
    );
    const figure = (
      id: string,
      header: string,
      value: (t: Totals) => string,
      of: (r: TimesheetGridRow) => string,
    ) =>
      column.display({
        id,
        header,
        cell: ({ row }) => <Text fontVariantNumeric="tabular-nums">{of(row.original)}</Text>,
        footer: () => (
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {value(totals)}
          </Text>
        ),
      });
    const covered = (r: TimesheetGridRow) =>
      r.timesheet.result === null
        ? 'No basic salary'
        : r.timesheet.result.covered
          ? 'Covered'
          : 'Not covered';
    const money = (pick: (t: Totals) => number) => (r: TimesheetGridRow) =>
      r.timesheet.result ? dollars(pick(r.timesheet.result)) : '–';
    const figures = [
      figure(
        'overtimeHours',
        'OT hours',
        (t) => String(t.overtimeHours),
        (r) => (r.timesheet.result ? String(r.timesheet.result.overtimeHours) : '–'),
      ),
      figure(
        'overtimePay',
        'OT pay',
        (t) => dollars(t.overtimePay),
        money((t) => t.overtimePay),
      ),
      figure(
        'restDayPay',
        'Rest-day pay',
        (t) => dollars(t.restDayPay),
        money((t) => t.restDayPay),
      ),
      figure(
        'publicHolidayPay',
        'PH pay',
        (t) => dollars(t.publicHolidayPay),
        money((t) => t.publicHolidayPay),
      ),
      column.display({ id: 'covered', header: 'Part IV', cell: ({ row }) => covered(row.original) }),
    ];
    const actions = column.display({
      id: 'actions',
      header: () => <Box srOnly>Actions</Box>,
      cell: ({ row }) => {
        const sheet = row.original.timesheet;
        const approvable = canApproveTimesheet(sheet.status, sheet.userId === selfId);
        return (
          <HStack gap="1" justify="flex-end">
            <Button
              size="xs"
              variant="outline"
              aria-label={`Open ${row.original.fullName}'s month`}
              disabled={!ready}
              onClick={() => actor.send({ type: 'row.open', userId: sheet.userId })}
            >
              Open
            </Button>
            {approvable && (
              <Button
                size="xs"
                aria-label={`Approve ${row.original.fullName}'s month`}
                loading={approving === sheet.userId}
                disabled={!ready}
                onClick={() => actor.send({ type: 'row.approve', userId: sheet.userId })}
              >
                Approve
              </Button>
            )}
          </HStack>
        );
      },
    });
    // On a phone each employee is a card of their figures; their days are one Open away. On a wide screen
    // Open/Approve, the month's figures and their totals come before the days, which scroll sideways:
    // after thirty days they were off the card's edge.
    return (
      phone ? [name, status, ...figures, actions] : [name, status, actions, ...figures, ...days]
    ) as DataTableColumn<TimesheetGridRow>[];
  }, [dates, totals, phone, ready, approving, selfId, actor]);

  return (
    <Stack gap="4">
      <PageTitle>Timesheets</PageTitle>
      <Flex gap="3" wrap="wrap" align="flex-end">
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
      <TimesheetImportPanel actor={importer} onTemplate={() => actor.send({ type: 'template.download' })} />
      <LoadFailure load={load} />
      <DataTable
        label={`Timesheets, ${MONTH_NAMES[month - 1]} ${year}`}
        columns={columns}
        rows={rows}
        getRowId={(row) => String(row.timesheet.userId)}
        sorting={[]}
        onSortingChange={() => undefined}
        loading={loading}
        minWidth={`${30 + dates.length * 2.6 + 34}rem`}
        footer={rows.length > 0}
        caption="Hours a day; RD: rest day worked, PH: public holiday. Money as computed under Part IV of the Employment Act."
      />
      <SideSheet
        open={form !== null}
        title={open ? `${open.fullName}, ${MONTH_NAMES[month - 1]} ${year}` : ''}
        busy={formBusy}
        onClose={() => actor.send({ type: 'row.close' })}
      >
        {form && (
          <Card.Root variant="subtle">
            <Card.Body p="2">
              <TimesheetForm actor={form} year={year} month={month} />
            </Card.Body>
          </Card.Root>
        )}
      </SideSheet>
    </Stack>
  );
}

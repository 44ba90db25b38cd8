import {
  Box,
  Button,
  chakra,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { leaveCalendarMachine } from '../../../machines/leave-calendar.machine';
import type { PublicHoliday } from '../../domain/holidays';
import {
  type Away,
  awayByDate,
  type CalendarMonth,
  isWeekend,
  type LeaveCalendarEntry,
  monthDates,
  monthTitle,
  monthWeeks,
} from '../../domain/leave-calendar';
import { leaveStatusLabel } from '../../domain/leave-display';
import { leaveStatusHasTag } from '../../domain/lifecycles/leave-request.lifecycle';
import { MONTH_NAMES } from '../../domain/payslip-labels';
import { LabelledField } from '../../ui/form-field';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { useIsMobile } from '../../ui/use-is-mobile';
import { LoadFailure, useLoading } from '../load/load-view';

export type LeaveCalendarRef = ActorRefFrom<typeof leaveCalendarMachine>;

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const monthChoices = MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name }));

/** 'Tue 10 Mar'. */
function dayLabel(date: string, long = false): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  const month = MONTH_NAMES[d.getUTCMonth()] ?? '';
  return long
    ? `${WEEKDAY_NAMES[weekday]} ${d.getUTCDate()} ${month}`
    : `${WEEKDAYS[weekday]} ${d.getUTCDate()} ${month.slice(0, 3)}`;
}

const partLabel = { FULL: 'whole day', AM: 'AM half day', PM: 'PM half day' } as const;

/** One person away on one date: a button that opens the request; pending is outlined, a half day half filled. */
function EntryButton({
  away,
  date,
  showName,
  onOpen,
  inGrid,
}: {
  away: Away<LeaveCalendarEntry>;
  date: string;
  showName: boolean;
  onOpen: (entry: LeaveCalendarEntry) => void;
  /** A grid cell is narrow: the 'Pending' word shows only on wide screens there. */
  inGrid: boolean;
}) {
  const { entry, part } = away;
  const pending = leaveStatusHasTag(entry.status, 'awaitsDecision');
  const title = showName ? entry.user.fullName : entry.leaveType.name;
  const fill = pending ? 'var(--chakra-colors-orange-subtle)' : 'var(--chakra-colors-teal-muted)';
  const background =
    part === 'FULL'
      ? fill
      : `linear-gradient(to ${part === 'AM' ? 'right' : 'left'}, ${fill} 50%, transparent 50%)`;
  const name = [
    title,
    showName ? entry.leaveType.name : null,
    `${dayLabel(date, true)} ${partLabel[part]}`,
    leaveStatusLabel(entry.status),
  ]
    .filter(Boolean)
    .join(', ');
  // The marks beside the button repeat part of its name for the eye; the button covers the whole entry.
  return (
    <Flex
      position="relative"
      align="center"
      gap="1"
      minH="6"
      px="1.5"
      py="0.5"
      borderRadius="sm"
      borderWidth="1px"
      borderStyle={pending ? 'dashed' : 'solid'}
      borderColor={pending ? 'orange.fg' : 'teal.fg'}
      style={{ background }}
      color="fg"
      fontSize="xs"
      _hover={{ boxShadow: 'inset 0 0 0 1px currentColor' }}
    >
      {part !== 'FULL' && (
        <Text as="span" fontWeight="semibold" flexShrink={0} aria-hidden="true">
          {part}
        </Text>
      )}
      <chakra.button
        type="button"
        aria-label={name}
        title={name}
        data-status={entry.status}
        data-part={part}
        onClick={() => onOpen(entry)}
        flex="1"
        minW="0"
        lineClamp={2}
        overflowWrap="anywhere"
        textAlign="start"
        cursor="pointer"
        _after={{ content: '""', position: 'absolute', inset: '0' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'teal.focusRing', outlineOffset: '2px' }}
      >
        {title}
      </chakra.button>
      {pending && (
        <Text
          as="span"
          fontStyle="italic"
          flexShrink={0}
          hideBelow={inGrid ? 'lg' : undefined}
          aria-hidden="true"
        >
          Pending
        </Text>
      )}
    </Flex>
  );
}

function HolidayName({ holiday }: { holiday: PublicHoliday }) {
  return (
    <Text fontSize="xs" color="red.fg" fontWeight="medium" lineClamp={2}>
      {holiday.name}
    </Text>
  );
}

interface MonthView {
  month: CalendarMonth;
  away: Map<string, Away<LeaveCalendarEntry>[]>;
  holidays: Map<string, PublicHoliday>;
  today: string;
  showName: boolean;
  onOpen: (entry: LeaveCalendarEntry) => void;
}

/** Wide screens: the month as a grid of weeks, Monday to Sunday. */
function MonthGrid({ month, away, holidays, today, showName, onOpen, busy }: MonthView & { busy: boolean }) {
  const weeks = useMemo(() => monthWeeks(month), [month]);
  return (
    <Box overflowX="auto">
      <chakra.table
        width="100%"
        minW="700px"
        style={{ tableLayout: 'fixed', borderCollapse: 'collapse' }}
        aria-label={`Leave calendar, ${monthTitle(month)}`}
        aria-busy={busy}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((day, i) => (
              <chakra.th
                key={day}
                scope="col"
                fontSize="xs"
                fontWeight="semibold"
                color="fg.muted"
                py="1"
                textAlign="start"
                px="2"
              >
                <abbr title={WEEKDAY_NAMES[i]} style={{ textDecoration: 'none' }}>
                  {day}
                </abbr>
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map(({ date, inMonth }) => {
                const holiday = holidays.get(date);
                const weekend = isWeekend(date);
                const people = inMonth ? (away.get(date) ?? []) : [];
                return (
                  <chakra.td
                    key={date}
                    verticalAlign="top"
                    borderWidth="1px"
                    borderColor="border"
                    height="24"
                    p="1"
                    bg={holiday && inMonth ? 'red.subtle' : weekend ? 'bg.muted' : undefined}
                    data-date={date}
                    data-weekend={weekend || undefined}
                    data-holiday={holiday && inMonth ? holiday.name : undefined}
                  >
                    <Stack gap="1">
                      <Text
                        fontSize="xs"
                        fontWeight={date === today ? 'bold' : 'normal'}
                        color={date === today ? 'teal.fg' : inMonth ? 'fg' : 'fg.muted'}
                      >
                        <chakra.span srOnly>{dayLabel(date, true)}</chakra.span>
                        <span aria-hidden="true">{Number(date.slice(8))}</span>
                        {date === today && <chakra.span srOnly> (today)</chakra.span>}
                      </Text>
                      {holiday && inMonth && <HolidayName holiday={holiday} />}
                      {people.length > 0 && (
                        <chakra.ul
                          listStyleType="none"
                          display="grid"
                          gridTemplateColumns="minmax(0, 1fr)"
                          gap="1"
                        >
                          {people.map((a) => (
                            <li key={a.entry.id}>
                              <EntryButton away={a} date={date} showName={showName} onOpen={onOpen} inGrid />
                            </li>
                          ))}
                        </chakra.ul>
                      )}
                    </Stack>
                  </chakra.td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}

/** Phones: the days someone is away (and the holidays), one after another. */
function DayList({ month, away, holidays, today, showName, onOpen, empty }: MonthView & { empty: string }) {
  const days = monthDates(month).filter((date) => away.has(date) || holidays.has(date));
  if (days.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <chakra.ol
      listStyleType="none"
      display="grid"
      gap="2"
      aria-label={`Leave calendar, ${monthTitle(month)}`}
    >
      {days.map((date) => {
        const holiday = holidays.get(date);
        const people = away.get(date) ?? [];
        return (
          <chakra.li
            key={date}
            borderWidth="1px"
            borderColor="border"
            borderRadius="md"
            p="2"
            bg={holiday ? 'red.subtle' : isWeekend(date) ? 'bg.muted' : undefined}
            data-date={date}
          >
            <Heading as="h3" size="xs" mb="1" color={date === today ? 'teal.fg' : undefined}>
              {dayLabel(date, true)}
              {date === today ? ' (today)' : ''}
            </Heading>
            {holiday && <HolidayName holiday={holiday} />}
            {people.length > 0 && (
              <chakra.ul listStyleType="none" display="grid" gridTemplateColumns="minmax(0, 1fr)" gap="1">
                {people.map((a) => (
                  <li key={a.entry.id}>
                    <EntryButton away={a} date={date} showName={showName} onOpen={onOpen} inGrid={false} />
                  </li>
                ))}
              </chakra.ul>
            )}
          </chakra.li>
        );
      })}
    </chakra.ol>
  );
}

function Legend() {
  const swatch = (props: Record<string, string>) => (
    <Box
      as="span"
      display="inline-block"
      width="4"
      height="3"
      borderRadius="xs"
      borderWidth="1px"
      {...props}
    />
  );
  return (
    <HStack gap="4" wrap="wrap" fontSize="xs" color="fg.muted" aria-label="Legend" role="group">
      <HStack gap="1">
        {swatch({ bg: 'teal.muted', borderColor: 'teal.fg' })}
        <span>Approved</span>
      </HStack>
      <HStack gap="1">
        {swatch({ bg: 'orange.subtle', borderColor: 'orange.fg', borderStyle: 'dashed' })}
        <span>Pending</span>
      </HStack>
      <HStack gap="1">
        <Text as="span" fontWeight="semibold">
          AM
        </Text>
        <span>/</span>
        <Text as="span" fontWeight="semibold">
          PM
        </Text>
        <span>half day</span>
      </HStack>
      <HStack gap="1">
        {swatch({ bg: 'bg.muted', borderColor: 'border' })}
        <span>Weekend</span>
      </HStack>
      <HStack gap="1">
        {swatch({ bg: 'red.subtle', borderColor: 'border' })}
        <span>Public holiday</span>
      </HStack>
    </HStack>
  );
}

/**
 * The team calendar (machines/leave-calendar.machine.ts): Previous, the month and year pickers, Next and the
 * Leave Type filter above a month grid (a list of days below 768px). Each entry opens its request in the
 * screen's details sheet (`onOpen` sends the sheet its open event).
 */
export function LeaveCalendar({
  actor,
  today,
  showName,
  onOpen,
  empty,
}: {
  actor: LeaveCalendarRef;
  today: string;
  /** Everyone's calendar names the person; one's own names the leave type. */
  showName: boolean;
  onOpen: (entry: LeaveCalendarEntry) => void;
  /** What the list says for a month nobody is away. */
  empty: string;
}) {
  const month = useSelector(actor, (s) => s.context.month);
  const entries = useSelector(actor, (s) => s.context.entries);
  const holidayList = useSelector(actor, (s) => s.context.holidays);
  const leaveTypes = useSelector(actor, (s) => s.context.leaveTypes);
  const leaveTypeId = useSelector(actor, (s) => s.context.leaveTypeId);
  const load = useSelector(actor, (s) => s.context.load);
  const loading = useLoading(load);
  const failed = useSelector(load, (s) => s.matches('failed'));
  const isMobile = useIsMobile();
  const away = useMemo(() => awayByDate(entries, month), [entries, month]);
  const holidays = useMemo(() => new Map(holidayList.map((h) => [h.date, h])), [holidayList]);
  const thisYear = Number(today.slice(0, 4));
  const years = useMemo(() => {
    const range = [thisYear - 2, thisYear - 1, thisYear, thisYear + 1];
    return yearChoices(range.includes(month.year) ? range : [...range, month.year].sort());
  }, [thisYear, month.year]);
  const view: MonthView = { month, away, holidays, today, showName, onOpen };

  return (
    <Stack gap="3">
      <Flex gap="3" wrap="wrap" align="end">
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'calendar.previous' })}>
            Previous
          </Button>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'calendar.next' })}>
            Next
          </Button>
        </HStack>
        <HStack gap="2" align="end">
          <PickerSelect
            label="Month"
            value={month.month}
            options={monthChoices}
            width="9rem"
            onChange={(value) =>
              actor.send({ type: 'calendar.show', month: { year: month.year, month: value } })
            }
          />
          <PickerSelect
            label="Year"
            value={month.year}
            options={years}
            width="6rem"
            onChange={(value) =>
              actor.send({ type: 'calendar.show', month: { year: value, month: month.month } })
            }
          />
        </HStack>
        <LabelledField label="Leave Type" width="auto">
          <NativeSelect.Root size="sm" width="12rem">
            <NativeSelect.Field
              value={leaveTypeId ?? ''}
              onChange={(event) =>
                actor.send({
                  type: 'calendar.filter',
                  leaveTypeId: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            >
              <option value="">All leave types</option>
              {leaveTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </LabelledField>
      </Flex>
      <HStack gap="2">
        <Heading as="h3" size="sm" aria-live="polite">
          {monthTitle(month)}
        </Heading>
        {loading && <Spinner size="xs" color="fg.muted" aria-label="Loading" />}
      </HStack>
      <Legend />
      {failed ? (
        <LoadFailure load={load} />
      ) : isMobile ? (
        loading ? null : (
          <DayList {...view} empty={empty} />
        )
      ) : (
        <MonthGrid {...view} busy={loading} />
      )}
    </Stack>
  );
}

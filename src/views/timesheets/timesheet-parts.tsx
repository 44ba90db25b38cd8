import { DataList, HStack } from '@chakra-ui/react';
import { formatCents } from '../../domain/money';
import type { Timesheet } from '../../domain/timesheets';
import { StatusBadge } from '../../ui/status-badge';

/** 'SUBMITTED' -> 'Submitted', in the status's colour, as claim and leave statuses show. */
export function TimesheetStatus({ status }: { status: Timesheet['status'] }) {
  return <StatusBadge status={status} label={status.charAt(0) + status.slice(1).toLowerCase()} />;
}

/** The month's statutory figures as the GET answers them (issue 36 item 2), money in dollars. */
export function TimesheetResult({ sheet }: { sheet: Timesheet }) {
  const result = sheet.result;
  const items: Array<[string, string]> = !result
    ? [['Overtime', 'No basic salary recorded for the month']]
    : !result.covered
      ? [['Overtime', 'Not covered by Part IV of the Employment Act']]
      : [
          ['Hourly basic rate', `$${formatCents(result.hourlyBasicRate ?? 0)}`],
          ['Overtime hours', String(result.overtimeHours)],
          ['Overtime pay', `$${formatCents(result.overtimePay)}`],
          ['Rest-day pay', `$${formatCents(result.restDayPay)}`],
          ['Public-holiday pay', `$${formatCents(result.publicHolidayPay)}`],
        ];
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label="Month's figures">
      <DataList.Item>
        <DataList.ItemLabel>Status</DataList.ItemLabel>
        <DataList.ItemValue>
          <HStack>
            <TimesheetStatus status={sheet.status} />
          </HStack>
        </DataList.ItemValue>
      </DataList.Item>
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

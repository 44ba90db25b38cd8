import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import { formatDayMonthYear, formatTimestampDay } from '../../domain/dates';
import { LEAVE_STATUSES } from '../../domain/enums';
import type { LeaveRequest, LeaveType } from '../../domain/leave';
import { halfDayMarker, leaveStatusLabel } from '../../domain/leave-display';
import { columnsFor, type DataTableColumn } from '../../ui/data-table';
import type { FilterOption } from '../../ui/multi-select-filter';
import { StatusBadge } from '../../ui/status-badge';

/**
 * The leave request table's columns, shared by the admin dashboard and the staff lists (spec section 2):
 * Leave Type, Start Date and End Date with their AM/PM marker, Days, Status, Requested On. The ids of the
 * sortable columns are the server's sort fields (`LEAVE_SORT_FIELDS`), so the list effects pass them on as
 * they are. A screen puts its own columns around them (`employeeColumn`, its actions).
 */

export const leaveColumn = columnsFor<LeaveRequest>();

function DateWithMarker({ date, isAm }: { date: string; isAm: boolean }) {
  return (
    <Text as="span" whiteSpace="nowrap">
      {formatDayMonthYear(date)}{' '}
      <Text as="span" color="fg.muted" fontSize="xs" fontWeight="medium">
        {halfDayMarker(isAm)}
      </Text>
    </Text>
  );
}

export const leaveRequestColumns: DataTableColumn<LeaveRequest>[] = leaveColumn.columns([
  // The table scroll area keeps cells on one line; names and types may wrap, so the table fits a laptop.
  leaveColumn.accessor('type', {
    header: 'Leave Type',
    cell: ({ getValue }) => (
      <Text as="span" whiteSpace="normal">
        {getValue()}
      </Text>
    ),
  }),
  leaveColumn.accessor('fromDate', {
    header: 'Start Date',
    enableSorting: true,
    cell: ({ row }) => <DateWithMarker date={row.original.fromDate} isAm={row.original.fromDateIsAm} />,
  }),
  leaveColumn.accessor('toDate', {
    header: 'End Date',
    enableSorting: true,
    cell: ({ row }) => <DateWithMarker date={row.original.toDate} isAm={row.original.toDateIsAm} />,
  }),
  leaveColumn.accessor('days', { header: 'Days' }),
  leaveColumn.accessor('status', {
    header: 'Status',
    cell: ({ getValue }) => <StatusBadge status={getValue()} label={leaveStatusLabel(getValue())} />,
  }),
  leaveColumn.accessor('createdAt', {
    header: 'Requested On',
    enableSorting: true,
    cell: ({ getValue }) => formatTimestampDay(getValue()),
  }),
]);

/** Admin lists: the requester's name, linking to their record (/admin/users/{id}). */
export const employeeColumn: DataTableColumn<LeaveRequest> = leaveColumn.accessor(
  (row) => row.user.fullName,
  {
    id: 'employee',
    header: 'Employee',
    cell: ({ row }) => (
      <Link asChild fontWeight="medium" colorPalette="teal" variant="underline" whiteSpace="normal">
        <RouterLink href={`/admin/users/${row.original.user.id}`}>{row.original.user.fullName}</RouterLink>
      </Link>
    ),
  },
);

/** The Status filter's options. */
export const leaveStatusOptions: FilterOption[] = LEAVE_STATUSES.map((status) => ({
  value: status,
  label: leaveStatusLabel(status),
}));

/** The Leave Type filter's options: the server filters by the type's name. */
export const leaveTypeOptions = (types: readonly LeaveType[]): FilterOption[] =>
  types.map((type) => ({ value: type.name, label: type.name }));

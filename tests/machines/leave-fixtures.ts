import type { LeaveCounts, LeaveRequest, LeaveType } from '../../src/domain/leave';

/** Leave data the model tests of the admin leave screens answer with. */

export const leaveTypes: LeaveType[] = [
  { id: 1, name: 'Annual Leave', countsCalendarDays: false, unlimited: false, unpaid: false },
  { id: 2, name: 'Hospitalisation Leave', countsCalendarDays: false, unlimited: false, unpaid: false },
  { id: 3, name: 'Unpaid Leave', countsCalendarDays: false, unlimited: true, unpaid: true },
];

export const counts: LeaveCounts = { PENDING: 4, APPROVED: 9, REJECTED: 2, TOTAL: 15 };

const person = { id: 7, fullName: 'Nur Aisyah binti Rahman', email: 'aisyah.rahman@company.test' };

export const pendingWithPdf: LeaveRequest = {
  id: 31,
  status: 'PENDING',
  type: 'hospitalisation leave',
  leaveTypeId: 2,
  createdAt: '2026-11-20T02:15:00.000Z',
  updatedAt: '2026-11-20T02:15:00.000Z',
  fromDate: '2026-12-14',
  fromDateIsAm: true,
  toDate: '2026-12-16',
  toDateIsAm: false,
  days: 3,
  reason: 'Scheduled knee surgery',
  fileUrl: 'leave/7/0b8f0a8e-7a43-4a0e-9d4a-0e2f3c1d2b6a/hospital-letter.pdf',
  userId: person.id,
  user: person,
};

export const approvedAcrossYearEnd: LeaveRequest = {
  id: 12,
  status: 'APPROVED',
  type: 'Annual Leave',
  leaveTypeId: 1,
  createdAt: '2025-12-01T01:00:00.000Z',
  updatedAt: '2025-12-03T09:30:00.000Z',
  fromDate: '2025-12-29',
  fromDateIsAm: false,
  toDate: '2026-01-02',
  toDateIsAm: true,
  days: 3,
  reason: null,
  fileUrl: null,
  userId: 8,
  user: { id: 8, fullName: 'Rajesh s/o Kumar', email: 'rajesh.kumar@company.test' },
};

export const leavePage = (data: LeaveRequest[]) => ({
  data,
  currentPage: 1,
  pageSize: 7,
  total: data.length,
  totalPages: 1,
});

export const clash = {
  id: 44,
  status: 'PENDING' as const,
  type: 'Unpaid Leave',
  fromDate: '2026-12-12',
  fromDateIsAm: true,
  toDate: '2026-12-16',
  toDateIsAm: false,
  user: { id: 9, fullName: 'Priya Ramasamy', email: 'priya.ramasamy@company.test' },
};

import type { UserDetail } from '../../src/domain/users';
import { type FakeServer, getOf, type RecordedRequest } from './fake-server';

/** A staff member with all three records, as GET /users/{id} answers for an administrator. */
export const onboardedStaff: UserDetail = {
  id: 5,
  fullName: 'Nur Aisyah binti Rahman',
  email: 'aisyah.rahman@company.test',
  role: 'STAFF',
  hireDate: '2023-07-17',
  staffInfo: {
    id: 15,
    gender: 'Female',
    nric: 'T0023456C',
    dateOfBirth: '2000-09-02',
    race: 'Malay',
    nationality: 'SINGAPORE CITIZEN',
    addressBlock: null,
    addressStreet: null,
    addressUnit: null,
    addressPostalCode: null,
    foreignAddress: null,
  },
  employmentInfo: {
    id: 25,
    designation: 'HR Executive',
    employmentStatus: 'ACTIVE',
    hireDate: '2023-07-17',
    confirmedDate: '2023-10-17',
    passType: 'Singapore',
    employmentType: 'Full Time',
    lastDayOfService: null,
    workman: false,
    daysPerWeek: 5,
    normalHoursPerDay: 8.8,
    restDay: 'SUNDAY',
    overtimeExemptionRef: null,
  },
  paymentInfo: {
    id: 35,
    basicSalary: 3800,
    employeeCpfContributionRate: 20,
    employerCpfContributionRate: 17,
    cpfType: 'SINGAPORE CITIZEN',
    cpfSection: 'NONE',
    selfHelpGroup: 'MBMF',
    bankName: 'POSB',
    bankCode: '7171',
    branchCode: '081',
    accountNo: '1987654321',
  },
};

/** Registered, not yet onboarded. */
export const registeredStaff: UserDetail = {
  id: 41,
  fullName: 'Priya Nair',
  email: 'priya.nair@company.test',
  role: 'STAFF',
  hireDate: null,
  staffInfo: null,
  employmentInfo: null,
  paymentInfo: null,
};

/** GET /leave-types. */
export const leaveTypes = [
  { id: 1, name: 'Annual Leave', countsCalendarDays: false, unlimited: false, unpaid: false },
  { id: 2, name: 'Medical Leave', countsCalendarDays: false, unlimited: false, unpaid: false },
  { id: 3, name: 'Childcare Leave', countsCalendarDays: false, unlimited: false, unpaid: false },
  { id: 8, name: 'Unpaid Leave', countsCalendarDays: false, unlimited: true, unpaid: true },
];

/** GET /users/{id}/leave-balances for a year (this year unless given), nothing taken yet. */
export const allowancesOf = (days: Record<number, number | null>, year = new Date().getFullYear()) =>
  leaveTypes.map((type, index) => {
    const totalDays = days[type.id] ?? null;
    return {
      id: index + 100,
      leaveType: { id: type.id, name: type.name },
      year,
      totalDays,
      usedDays: 0,
      approvedDays: 0,
      pendingDays: 0,
      balance: totalDays,
      carriedForwardDays: 0,
      carriedForwardExpiresOn: null,
      carriedForwardUsableDays: 0,
    };
  });

/** The year a GET of balances asks for: its `year`, else this year (the API's default). */
export const yearAsked = (request: RecordedRequest) =>
  Number(request.query.get('year') ?? new Date().getFullYear());

/**
 * The answers a screen with one person's leave needs when that person has none yet: the leave types,
 * zero counts, a 14-day Annual Leave balance in every year and no requests (one page of 7).
 */
export function answerNoLeaveYet(server: FakeServer, userId: number) {
  server.autoAnswer(getOf('/api/leave-types'), 200, leaveTypes);
  server.autoAnswer(getOf(`/api/users/${userId}/leave-requests/count`), 200, {
    PENDING: 0,
    APPROVED: 0,
    REJECTED: 0,
    TOTAL: 0,
  });
  server.autoAnswer(getOf(`/api/users/${userId}/leave-balances`), 200, (request: RecordedRequest) =>
    allowancesOf({ 1: 14 }, yearAsked(request)),
  );
  server.autoAnswer(getOf(`/api/users/${userId}/leave-requests`), 200, {
    data: [],
    currentPage: 1,
    pageSize: 7,
    total: 0,
    totalPages: 0,
  });
}

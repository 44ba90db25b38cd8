// The three records of a staff member as the API answers them (schemas in src/domain).
import type { EmploymentInfo } from '../../domain/employment-info';
import type { PaymentInfo } from '../../domain/payment-info';
import type { StaffInfo } from '../../domain/staff-info';
import type { employmentInfo, paymentInfo, staffInfo } from '../db/schema';

export const centsToAmount = (cents: number) => cents / 100;
export const amountToCents = (amount: number) => Math.round(amount * 100);

export const toStaffInfo = (row: typeof staffInfo.$inferSelect): StaffInfo => ({
  id: row.id,
  gender: row.gender,
  nric: row.nric,
  dateOfBirth: row.dateOfBirth,
  race: row.race,
  nationality: row.nationality,
  addressBlock: row.addressBlock,
  addressStreet: row.addressStreet,
  addressUnit: row.addressUnit,
  addressPostalCode: row.addressPostalCode,
  foreignAddress: row.foreignAddress,
});

export const toEmploymentInfo = (row: typeof employmentInfo.$inferSelect): EmploymentInfo => ({
  id: row.id,
  designation: row.designation,
  employmentStatus: row.employmentStatus,
  hireDate: row.hireDate,
  confirmedDate: row.confirmedDate,
  passType: row.passType,
  employmentType: row.employmentType,
  lastDayOfService: row.lastDayOfService,
  workman: row.workman,
  daysPerWeek: row.daysPerWeek,
  normalHoursPerDay: row.normalHoursPerDay,
  restDay: row.restDay,
  overtimeExemptionRef: row.overtimeExemptionRef,
});

export const toPaymentInfo = (row: typeof paymentInfo.$inferSelect): PaymentInfo => ({
  id: row.id,
  basicSalary: centsToAmount(row.basicSalaryCents),
  employeeCpfContributionRate: row.employeeCpfRate,
  employerCpfContributionRate: row.employerCpfRate,
  cpfType: row.cpfType,
  cpfSection: row.cpfSection,
  selfHelpGroup: row.selfHelpGroup,
  bankName: row.bankName,
  bankCode: row.bankCode,
  branchCode: row.branchCode,
  accountNo: row.accountNo,
});

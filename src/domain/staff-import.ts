import { amountToCents } from './money';
import type { CellKind, CellValue, SheetColumn } from './spreadsheet-cells';
import type { UserDetail } from './users';

/**
 * The staff sheet's columns (issue 38 items 2 and 5): one list for the import template and the staff
 * export, so an export imported again gives the same records. Every field the onboarding wizard asks
 * (staff info, employment, payment info), then one column per leave type with a yearly allowance.
 * `field` is where the value goes in the onboarding body (`staffInfo.nric`); the user's own two fields
 * are `fullName` and `email`.
 */

/** One staff member as the sheet reads: the user with their records, and this year's allowances by leave type name. */
export interface StaffSheetRow extends UserDetail {
  leaveAllowances: Readonly<Record<string, number | null>>;
}

export interface StaffColumn extends SheetColumn<StaffSheetRow> {
  field: string;
}

type Section = 'staffInfo' | 'employmentInfo' | 'paymentInfo';

const own = (heading: string, field: 'fullName' | 'email'): StaffColumn => ({
  heading,
  field,
  kind: 'text',
  value: (row) => row[field],
});

function of<S extends Section>(
  section: S,
  key: keyof NonNullable<UserDetail[S]> & string,
  heading: string,
  kind: CellKind,
): StaffColumn {
  return {
    heading,
    field: `${section}.${key}`,
    kind,
    value: (row) => {
      const record = row[section] as Record<string, CellValue> | null;
      return record ? (record[key] ?? null) : null;
    },
  };
}

export const STAFF_COLUMNS: readonly StaffColumn[] = [
  own('Full Name', 'fullName'),
  own('Email', 'email'),
  // Staff info (wizard step 1)
  of('staffInfo', 'nric', 'NRIC/FIN', 'text'),
  of('staffInfo', 'gender', 'Gender', 'enum'),
  of('staffInfo', 'dateOfBirth', 'Date of Birth', 'date'),
  of('staffInfo', 'race', 'Race', 'enum'),
  of('staffInfo', 'nationality', 'Nationality', 'enum'),
  of('staffInfo', 'addressBlock', 'Address Block', 'text'),
  of('staffInfo', 'addressStreet', 'Address Street', 'text'),
  of('staffInfo', 'addressUnit', 'Address Unit', 'text'),
  of('staffInfo', 'addressPostalCode', 'Postal Code', 'text'),
  of('staffInfo', 'foreignAddress', 'Foreign Address', 'text'),
  // Employment (step 2)
  of('employmentInfo', 'designation', 'Designation', 'text'),
  of('employmentInfo', 'employmentStatus', 'Employment Status', 'enum'),
  of('employmentInfo', 'hireDate', 'Hire Date', 'date'),
  of('employmentInfo', 'confirmedDate', 'Confirmed Date', 'date'),
  of('employmentInfo', 'passType', 'Pass Type', 'enum'),
  of('employmentInfo', 'employmentType', 'Employment Type', 'enum'),
  of('employmentInfo', 'lastDayOfService', 'Last Day of Service', 'date'),
  of('employmentInfo', 'workman', 'Workman', 'boolean'),
  of('employmentInfo', 'daysPerWeek', 'Days per Week', 'number'),
  of('employmentInfo', 'normalHoursPerDay', 'Normal Hours per Day', 'number'),
  of('employmentInfo', 'restDay', 'Rest Day', 'enum'),
  of('employmentInfo', 'overtimeExemptionRef', 'Overtime Exemption Ref', 'text'),
  // Payment info (step 3): the salary in dollars with two decimals.
  {
    heading: 'Basic Salary',
    field: 'paymentInfo.basicSalary',
    kind: 'money',
    value: (row) => (row.paymentInfo ? amountToCents(row.paymentInfo.basicSalary) : null),
  },
  of('paymentInfo', 'cpfType', 'CPF Type', 'enum'),
  of('paymentInfo', 'cpfSection', 'CPF Section', 'enum'),
  of('paymentInfo', 'employeeCpfContributionRate', 'Employee CPF Rate', 'number'),
  of('paymentInfo', 'employerCpfContributionRate', 'Employer CPF Rate', 'number'),
  of('paymentInfo', 'selfHelpGroup', 'Self-Help Group', 'enum'),
  of('paymentInfo', 'bankName', 'Bank Name', 'enum'),
  of('paymentInfo', 'bankCode', 'Bank Code', 'text'),
  of('paymentInfo', 'branchCode', 'Branch Code', 'text'),
  of('paymentInfo', 'accountNo', 'Account No', 'text'),
];

/** Step 4's allowances: one column per leave type with a yearly allowance, headed with the type's name. */
export const LEAVE_ALLOWANCE_HEADING_PREFIX = 'Leave Allowance: ';

export const leaveAllowanceColumn = (leaveTypeName: string): StaffColumn => ({
  heading: `${LEAVE_ALLOWANCE_HEADING_PREFIX}${leaveTypeName}`,
  field: `leaveBalances.${leaveTypeName}`,
  kind: 'number',
  value: (row) => row.leaveAllowances[leaveTypeName] ?? null,
});

/** The whole sheet's columns for the company's leave types (those with a yearly allowance, in their order). */
export const staffSheetColumns = (allowanceTypeNames: readonly string[]): StaffColumn[] => [
  ...STAFF_COLUMNS,
  ...allowanceTypeNames.map(leaveAllowanceColumn),
];

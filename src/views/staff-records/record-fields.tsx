import { Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { EARLIEST_DATE, formatDayMonthYear, todayIso } from '../../domain/dates';
import {
  BANK_NAMES,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_TYPES,
  GENDERS,
  PASS_TYPES,
  RACES,
} from '../../domain/enums';
import { maskNric } from '../../domain/masking';
import { NATIONALITY_CHOICES, nationalityLabel } from '../../domain/nationalities';
import type { LeaveTypeRef } from '../../domain/onboarding';
import { WEEKDAYS } from '../../domain/overtime';
import type { OfficialCpfRates } from '../../domain/payment-info';
import { cpfSections, cpfTypes, selfHelpGroups } from '../../domain/payroll';
import { CPF_SECTION_HINT, cpfSectionLabel, cpfTypeLabel, passTypeLabel } from '../../domain/record-labels';
import { ADDRESS_LIMITS, addressLines } from '../../domain/residential-address';
import { DateInput } from '../../ui/date-field';
import { LabelledField } from '../../ui/form-field';
import { optionsOf, SelectInput } from '../../ui/labelled-field';

/**
 * The fields of the three staff records and the leave allowances, shared by the onboarding steps and
 * the editable panels. Values are the inputs' text; changes go to the screen's statechart.
 */

export type Values = Record<string, string>;

export interface FieldsProps {
  values: Values;
  errors: Partial<Record<string, string>>;
  onChange: (field: string, value: string) => void;
  /** Leaving a field the user typed in says what is wrong with it: `useForm`'s binding. */
  onBlur: (field: string, event: React.FocusEvent) => void;
  disabled?: boolean;
}

const text = (props: FieldsProps, field: string) => ({
  name: field,
  value: props.values[field] ?? '',
  onChange: (value: string) => props.onChange(field, value),
  onBlur: (event: React.FocusEvent) => props.onBlur(field, event),
});

function TextInput({
  name,
  value,
  onChange,
  inputMode,
  maxLength,
  readOnly,
  onBlur,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: React.FocusEvent) => void;
  inputMode?: 'decimal' | 'numeric';
  maxLength?: number;
  readOnly?: boolean;
}) {
  return (
    <Input
      name={name}
      value={value}
      inputMode={inputMode}
      maxLength={maxLength}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

/** The date pickers offer years from 1900 to the current year (spec section 5). */
const inThePickersYears = () => ({ min: EARLIEST_DATE, max: `${todayIso().slice(0, 4)}-12-31` });

/** The stored values, each shown with what it stands for (src/domain/record-labels.ts). */
const labelled = (values: readonly string[], label: (value: string) => string) =>
  values.map((value) => ({ value, label: label(value) }));

const Grid = ({ children }: { children: React.ReactNode }) => (
  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
    {children}
  </SimpleGrid>
);

/** `nricLocked`: staff see their NRIC/FIN but only an administrator changes it. */
export function StaffInfoFields(props: FieldsProps & { nricLocked?: boolean }) {
  const { errors, disabled, nricLocked } = props;
  return (
    <Grid>
      <LabelledField label="Gender" error={errors.gender} disabled={disabled}>
        <SelectInput {...text(props, 'gender')} options={optionsOf(GENDERS)} />
      </LabelledField>
      <LabelledField
        label="NRIC/FIN"
        error={errors.nric}
        required
        disabled={disabled}
        helper={nricLocked ? 'Only an administrator can change an NRIC/FIN.' : undefined}
      >
        <Input
          name="nric"
          value={props.values.nric ?? ''}
          maxLength={9}
          autoComplete="off"
          readOnly={nricLocked}
          textTransform="uppercase"
          onChange={(event) => props.onChange('nric', event.target.value.toUpperCase())}
          onBlur={(event) => props.onBlur('nric', event)}
        />
      </LabelledField>
      <LabelledField label="Date of Birth" error={errors.dateOfBirth} required disabled={disabled}>
        <DateInput {...text(props, 'dateOfBirth')} min={EARLIEST_DATE} max={todayIso()} />
      </LabelledField>
      <LabelledField label="Race" error={errors.race} required disabled={disabled}>
        <SelectInput {...text(props, 'race')} options={optionsOf(RACES)} />
      </LabelledField>
      <LabelledField label="Nationality" error={errors.nationality} required disabled={disabled}>
        <SelectInput
          {...text(props, 'nationality')}
          options={labelled(NATIONALITY_CHOICES, nationalityLabel)}
        />
      </LabelledField>
      <AddressFields {...props} />
    </Grid>
  );
}

/** The residential address the IR8A prints: a Singapore one in parts, or a foreign one in lines. */
function AddressFields(props: FieldsProps) {
  const { errors, disabled } = props;
  return (
    <>
      <LabelledField label="Block/House No" error={errors.addressBlock} disabled={disabled}>
        <TextInput {...text(props, 'addressBlock')} maxLength={ADDRESS_LIMITS.addressBlock} />
      </LabelledField>
      <LabelledField label="Street Name" error={errors.addressStreet} disabled={disabled}>
        <TextInput {...text(props, 'addressStreet')} maxLength={ADDRESS_LIMITS.addressStreet} />
      </LabelledField>
      <LabelledField label="Unit No" error={errors.addressUnit} disabled={disabled} helper="Such as #05-12.">
        <TextInput {...text(props, 'addressUnit')} maxLength={ADDRESS_LIMITS.addressUnit} />
      </LabelledField>
      <LabelledField label="Postal Code" error={errors.addressPostalCode} disabled={disabled}>
        <TextInput {...text(props, 'addressPostalCode')} inputMode="numeric" maxLength={6} />
      </LabelledField>
      <LabelledField
        label="Foreign Address"
        error={errors.foreignAddress}
        disabled={disabled}
        helper={`Only for an address outside Singapore: up to ${ADDRESS_LIMITS.foreignLines} lines.`}
      >
        <Textarea
          name="foreignAddress"
          rows={ADDRESS_LIMITS.foreignLines}
          value={props.values.foreignAddress ?? ''}
          onChange={(event) => props.onChange('foreignAddress', event.target.value)}
          onBlur={(event) => props.onBlur('foreignAddress', event)}
        />
      </LabelledField>
    </>
  );
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const weekdayLabel = (day: string) => day.charAt(0) + day.slice(1).toLowerCase();

export function EmploymentInfoFields(props: FieldsProps & { withStatus?: boolean }) {
  const { errors, disabled, withStatus } = props;
  return (
    <Grid>
      <LabelledField label="Designation" error={errors.designation} required disabled={disabled}>
        <TextInput {...text(props, 'designation')} maxLength={100} />
      </LabelledField>
      {withStatus && (
        <LabelledField label="Employment Status" error={errors.employmentStatus} required disabled={disabled}>
          <SelectInput
            {...text(props, 'employmentStatus')}
            options={EMPLOYMENT_STATUSES.map((status) => ({
              value: status,
              label: status === 'ACTIVE' ? 'Active' : 'Resigned',
            }))}
          />
        </LabelledField>
      )}
      {withStatus && props.values.employmentStatus === 'RESIGNED' && (
        <LabelledField
          label="Last Day of Service"
          error={errors.lastDayOfService}
          required
          disabled={disabled}
        >
          <DateInput {...text(props, 'lastDayOfService')} {...inThePickersYears()} />
        </LabelledField>
      )}
      <LabelledField label="Hire Date" error={errors.hireDate} required disabled={disabled}>
        <DateInput {...text(props, 'hireDate')} {...inThePickersYears()} />
      </LabelledField>
      <LabelledField label="Confirmed Date" error={errors.confirmedDate} disabled={disabled}>
        <DateInput {...text(props, 'confirmedDate')} {...inThePickersYears()} />
      </LabelledField>
      <LabelledField label="Pass Type" error={errors.passType} required disabled={disabled}>
        <SelectInput {...text(props, 'passType')} options={labelled(PASS_TYPES, passTypeLabel)} />
      </LabelledField>
      <LabelledField label="Employment Type" error={errors.employmentType} required disabled={disabled}>
        <SelectInput {...text(props, 'employmentType')} options={optionsOf(EMPLOYMENT_TYPES)} />
      </LabelledField>
      {withStatus && (
        // The work pattern (issue 36), after the spec's fields: Part IV coverage and overtime rates.
        <>
          <LabelledField label="Workman" error={errors.workman} required disabled={disabled}>
            <SelectInput {...text(props, 'workman')} options={YES_NO} />
          </LabelledField>
          <LabelledField label="Days a Week" error={errors.daysPerWeek} required disabled={disabled}>
            <TextInput {...text(props, 'daysPerWeek')} inputMode="decimal" maxLength={3} />
          </LabelledField>
          <LabelledField
            label="Normal Hours a Day"
            error={errors.normalHoursPerDay}
            required
            disabled={disabled}
          >
            <TextInput {...text(props, 'normalHoursPerDay')} inputMode="decimal" maxLength={5} />
          </LabelledField>
          <LabelledField label="Rest Day" error={errors.restDay} required disabled={disabled}>
            <SelectInput {...text(props, 'restDay')} options={labelled(WEEKDAYS, weekdayLabel)} />
          </LabelledField>
          <LabelledField
            label="MOM Overtime Exemption Ref"
            error={errors.overtimeExemptionRef}
            disabled={disabled}
          >
            <TextInput {...text(props, 'overtimeExemptionRef')} maxLength={60} />
          </LabelledField>
        </>
      )}
    </Grid>
  );
}

const BANK_OPTIONS = [{ value: 'NONE', label: 'NONE' }, ...optionsOf(BANK_NAMES)];

export function PaymentInfoFields(
  props: FieldsProps & {
    /** Official rates for the chosen type, section and birth date; a hint shows when the rates differ. */
    official?: OfficialCpfRates | null;
    ratesDiffer?: boolean;
  },
) {
  const { errors, disabled, official, ratesDiffer } = props;
  const noCpf = props.values.cpfType === 'NONE';
  const rateHint = official
    ? `Official rates this month: employee ${official.employee}%, employer ${official.employer}%.`
    : undefined;
  return (
    <Stack gap="4">
      <Grid>
        <LabelledField label="Basic Salary" error={errors.basicSalary} required disabled={disabled}>
          <TextInput {...text(props, 'basicSalary')} inputMode="decimal" maxLength={13} />
        </LabelledField>
        <LabelledField label="CPF Type" error={errors.cpfType} required disabled={disabled}>
          <SelectInput {...text(props, 'cpfType')} options={labelled(cpfTypes, cpfTypeLabel)} />
        </LabelledField>
        <LabelledField
          label="CPF Section"
          error={errors.cpfSection}
          required
          disabled={disabled}
          helper={CPF_SECTION_HINT}
        >
          <SelectInput {...text(props, 'cpfSection')} options={labelled(cpfSections, cpfSectionLabel)} />
        </LabelledField>
        <LabelledField label="Self-Help Group" error={errors.selfHelpGroup} required disabled={disabled}>
          <SelectInput {...text(props, 'selfHelpGroup')} options={optionsOf(selfHelpGroups)} />
        </LabelledField>
        <LabelledField
          label="Employee CPF Rate (%)"
          error={errors.employeeCpfContributionRate}
          required={!noCpf}
          disabled={disabled || noCpf}
          helper={rateHint}
        >
          <TextInput {...text(props, 'employeeCpfContributionRate')} inputMode="decimal" maxLength={6} />
        </LabelledField>
        <LabelledField
          label="Employer CPF Rate (%)"
          error={errors.employerCpfContributionRate}
          required={!noCpf}
          disabled={disabled || noCpf}
        >
          <TextInput {...text(props, 'employerCpfContributionRate')} inputMode="decimal" maxLength={6} />
        </LabelledField>
      </Grid>
      {ratesDiffer && (
        <Text fontSize="sm" color="fg.warning" role="status">
          These rates differ from the official CPF rates for this month.
        </Text>
      )}
      <Grid>
        <LabelledField label="Bank Name" error={errors.bankName} disabled={disabled}>
          <SelectInput {...text(props, 'bankName')} options={BANK_OPTIONS} />
        </LabelledField>
        <LabelledField label="Bank Code" error={errors.bankCode} disabled={disabled}>
          <TextInput {...text(props, 'bankCode')} inputMode="numeric" maxLength={10} />
        </LabelledField>
        <LabelledField label="Branch Code" error={errors.branchCode} disabled={disabled}>
          <TextInput {...text(props, 'branchCode')} inputMode="numeric" maxLength={10} />
        </LabelledField>
        <LabelledField label="Account No" error={errors.accountNo} disabled={disabled}>
          <TextInput {...text(props, 'accountNo')} maxLength={34} />
        </LabelledField>
      </Grid>
    </Stack>
  );
}

/** Under an allowance field: the policy's days, and a warning when the value is below the law. */
function allowanceHelper(warning: string | undefined, hint: string | undefined) {
  if (!warning && !hint) return undefined;
  return (
    <>
      {hint}
      {warning && (
        <Text as="span" display="block" color="orange.700" fontWeight="medium" data-part="warning">
          {warning}
        </Text>
      )}
    </>
  );
}

/** One number per leave type with a yearly limit (Unpaid Leave is not shown: it has no limit). */
export function LeaveAllowanceFields(
  props: FieldsProps & {
    leaveTypes: readonly LeaveTypeRef[];
    /** By leave type id: a value below the law's minimum (saving is still allowed). */
    warnings?: Readonly<Record<string, string>>;
    /** By leave type id: the entitlement the policy gives, shown under the field. */
    hints?: Readonly<Record<string, string>>;
  },
) {
  const { leaveTypes, errors, disabled, warnings = {}, hints = {} } = props;
  return (
    <Stack gap="4">
      <Grid>
        {leaveTypes.map((type) => (
          <LabelledField
            key={type.id}
            label={type.name}
            error={errors[String(type.id)]}
            disabled={disabled}
            helper={allowanceHelper(warnings[String(type.id)], hints[String(type.id)])}
          >
            <Input
              type="number"
              name={`leave-${type.id}`}
              min={0}
              step={0.5}
              value={props.values[String(type.id)] ?? ''}
              onChange={(event) => props.onChange(String(type.id), event.target.value)}
              onBlur={(event) => props.onBlur(String(type.id), event)}
            />
          </LabelledField>
        ))}
      </Grid>
    </Stack>
  );
}

// ------------------------------------------------------------------ read-only display

export type Row = [label: string, value: string];

const shown = (value: string | undefined) => (value ? value : '-');
/** Dates read as the lists show them (dd/MM/yyyy); the inputs keep YYYY-MM-DD. */
const shownDate = (value: string | undefined) => (value ? formatDayMonthYear(value) : '-');

export const staffInfoRows = (v: Values): Row[] => [
  ['Gender', shown(v.gender)],
  // Masked everywhere except its own edit field.
  ['NRIC/FIN', v.nric ? maskNric(v.nric) : '-'],
  ['Date of Birth', shownDate(v.dateOfBirth)],
  ['Race', shown(v.race)],
  ['Nationality', v.nationality ? nationalityLabel(v.nationality) : '-'],
  [
    'Residential Address',
    shown(
      addressLines({
        addressBlock: v.addressBlock || null,
        addressStreet: v.addressStreet || null,
        addressUnit: v.addressUnit || null,
        addressPostalCode: v.addressPostalCode || null,
        foreignAddress: v.foreignAddress || null,
      }).join(', '),
    ),
  ],
];

export const employmentInfoRows = (v: Values): Row[] => [
  ['Designation', shown(v.designation)],
  ['Employment Status', v.employmentStatus === 'RESIGNED' ? 'Resigned' : 'Active'],
  ...(v.employmentStatus === 'RESIGNED'
    ? ([['Last Day of Service', shownDate(v.lastDayOfService)]] as Row[])
    : []),
  ['Hire Date', shownDate(v.hireDate)],
  ['Confirmed Date', shownDate(v.confirmedDate)],
  ['Pass Type', v.passType ? passTypeLabel(v.passType) : '-'],
  ['Employment Type', shown(v.employmentType)],
  ['Workman', v.workman === 'true' ? 'Yes' : 'No'],
  ['Days a Week', shown(v.daysPerWeek)],
  ['Normal Hours a Day', shown(v.normalHoursPerDay)],
  ['Rest Day', v.restDay ? weekdayLabel(v.restDay) : '-'],
  ['MOM Overtime Exemption Ref', shown(v.overtimeExemptionRef)],
];

export const paymentInfoRows = (v: Values): Row[] => [
  [
    'Basic Salary',
    v.basicSalary ? `$${Number(v.basicSalary).toLocaleString('en-SG', { minimumFractionDigits: 2 })}` : '-',
  ],
  ['CPF Type', v.cpfType ? cpfTypeLabel(v.cpfType) : '-'],
  ['CPF Section', v.cpfSection ? cpfSectionLabel(v.cpfSection) : '-'],
  ['Employee CPF Rate (%)', shown(v.employeeCpfContributionRate)],
  ['Employer CPF Rate (%)', shown(v.employerCpfContributionRate)],
  ['Self-Help Group', shown(v.selfHelpGroup)],
  ['Bank Name', shown(v.bankName)],
  ['Bank Code', shown(v.bankCode)],
  ['Branch Code', shown(v.branchCode)],
  ['Account No', shown(v.accountNo)],
];

export const leaveAllowanceRows = (v: Values, leaveTypes: readonly LeaveTypeRef[]): Row[] =>
  leaveTypes.map((type) => [type.name, shown(v[String(type.id)])]);

export function ReadOnlyRows({ rows, columns = 2 }: { rows: Row[]; columns?: 1 | 2 }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, md: columns }} gapX="6" gapY="3">
      {rows.map(([label, value]) => (
        <Stack key={label} gap="0.5">
          <Text as="dt" fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" overflowWrap="anywhere">
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

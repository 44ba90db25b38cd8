import { Input, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ComponentProps, ReactNode } from 'react';
import type { PanelKind, PanelValues, RecordPanelKind } from '../../../machines/editable-panel.machine';
import type { RecordPanelRefs } from '../../../machines/user-record.machine';
import { allowanceWarnings } from '../../domain/leave-policy-form';
import { allowanceLeaveTypes, type LeaveTypeRef } from '../../domain/onboarding';
import { officialCpfRatesFor, ratesDifferFromOfficial } from '../../domain/payment-info';
import type { CpfSection, CpfType } from '../../domain/payroll';
import { LabelledField } from '../../ui/form-field';
import { EditablePanelCard } from './editable-panel-view';
import {
  EmploymentInfoFields,
  employmentInfoRows,
  type FieldsProps,
  LeaveAllowanceFields,
  leaveAllowanceRows,
  PaymentInfoFields,
  paymentInfoRows,
  StaffInfoFields,
  staffInfoRows,
} from './record-fields';

const paymentRates = (values: PanelValues) => ({
  employeeCpfContributionRate: values.employeeCpfContributionRate ?? '',
  employerCpfContributionRate: values.employerCpfContributionRate ?? '',
});

const TABS: {
  kind: Exclude<RecordPanelKind, 'profile'>;
  value: string;
  label: string;
  title: string;
}[] = [
  { kind: 'staffInfo', value: 'staff', label: 'Staff', title: 'Staff Information' },
  { kind: 'employmentInfo', value: 'employment', label: 'Employment', title: 'Employment Information' },
  { kind: 'paymentInfo', value: 'payment', label: 'Payment', title: 'Payment Information' },
  { kind: 'leaveAllowance', value: 'leave', label: 'Leave Allowance', title: 'Leave Allowance' },
];

/** The four tabs of My profile and user detail, each an editable panel (spec section 2). */
export function RecordTabs({
  panels,
  editable,
  leaveTypes,
  notOnboarded,
  dateOfBirth,
  nricLocked = false,
}: {
  /** The panels the screen's parent machine spawned; null where the record does not exist yet. */
  panels: RecordPanelRefs;
  /** Which panels show a pencil for this viewer. */
  editable: ReadonlySet<PanelKind>;
  leaveTypes: readonly LeaveTypeRef[];
  /** Shown in a tab whose record does not exist yet. */
  notOnboarded: ReactNode;
  /** From staff info: the payment panel's official CPF rates follow it. */
  dateOfBirth: string | null;
  /** The viewer sees the NRIC/FIN but may not change it (staff on My profile). */
  nricLocked?: boolean;
}) {
  const types = allowanceLeaveTypes(leaveTypes);
  return (
    <Tabs.Root defaultValue="staff" variant="line" colorPalette="teal">
      <Tabs.List overflowX="auto">
        {TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((tab) => {
        const panel = panels[tab.kind];
        return (
          <Tabs.Content key={tab.value} value={tab.value}>
            {panel ? (
              <EditablePanelCard
                actor={panel}
                title={tab.title}
                canEdit={editable.has(tab.kind)}
                fields={(props) => {
                  switch (tab.kind) {
                    case 'staffInfo':
                      return <StaffInfoFields {...props} nricLocked={nricLocked} />;
                    case 'employmentInfo':
                      return <EmploymentInfoFields {...props} withStatus />;
                    case 'paymentInfo': {
                      const official = officialCpfRatesFor({
                        cpfType: props.values.cpfType as CpfType | '',
                        cpfSection: props.values.cpfSection as CpfSection | '',
                        dateOfBirth,
                      });
                      return (
                        <PaymentInfoFields
                          {...props}
                          official={official}
                          ratesDiffer={ratesDifferFromOfficial(paymentRates(props.values), official)}
                        />
                      );
                    }
                    case 'leaveAllowance':
                      return <AllowancePanelFields {...props} panel={panel} leaveTypes={types} />;
                  }
                }}
                rows={(values) => {
                  switch (tab.kind) {
                    case 'staffInfo':
                      return staffInfoRows(values);
                    case 'employmentInfo':
                      return employmentInfoRows(values);
                    case 'paymentInfo':
                      return paymentInfoRows(values);
                    case 'leaveAllowance':
                      return leaveAllowanceRows(values, types);
                  }
                }}
              />
            ) : (
              notOnboarded
            )}
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}

type PanelRef = NonNullable<RecordPanelRefs['leaveAllowance']>;

/**
 * The Leave Allowance panel's fields with what its statechart holds of the policies (issue 17): the
 * entitlement under each field and a warning when a value is below the law's minimum.
 */
function AllowancePanelFields({
  panel,
  ...props
}: ComponentProps<typeof LeaveAllowanceFields> & { panel: PanelRef }) {
  const suggested = useSelector(panel, (s) => s.context.suggested);
  const minimums = useSelector(panel, (s) => s.context.minimums);
  const hints = Object.fromEntries(
    Object.entries(suggested).map(([id, days]) => [
      id,
      `By policy: ${days} ${days === '1' ? 'day' : 'days'}.`,
    ]),
  );
  return (
    <LeaveAllowanceFields {...props} hints={hints} warnings={allowanceWarnings(props.values, minimums)} />
  );
}

/** Name and e-mail (the admin's edit of a user; spec section 5, Profile). */
export function ProfileFields({ values, errors, onChange, onBlur, disabled }: FieldsProps) {
  const text = (field: string) => ({
    name: field,
    value: values[field] ?? '',
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
    onBlur: (event: React.FocusEvent) => onBlur(field, event),
  });
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <LabelledField label="Full Name" error={errors.fullName} required disabled={disabled}>
        <Input {...text('fullName')} maxLength={200} />
      </LabelledField>
      <LabelledField label="Email" error={errors.email} required disabled={disabled}>
        <Input {...text('email')} type="email" maxLength={254} />
      </LabelledField>
    </SimpleGrid>
  );
}

export const NotOnboarded = ({ children }: { children: ReactNode }) => (
  <Stack py="6">
    <Text color="fg.muted">{children}</Text>
  </Stack>
);

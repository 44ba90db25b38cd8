import { Card, Heading, SimpleGrid, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { companyFormMachine } from '../../../machines/company-form.machine';
import type { CompanySettingsLogic } from '../../actors/submissions.actors';
import {
  accountFieldNames,
  COMPANY_FORM_ACCOUNT_ROWS,
  type CompanyFormValues,
  type MailDelivery,
  mailDeliveryText,
} from '../../domain/company';
import { BANK_NAMES } from '../../domain/enums';
import { FormError, FormField, LabelledField, SubmitButton } from '../../ui/form-field';
import { optionsOf, SelectInput } from '../../ui/labelled-field';
import { PageTitle } from '../../ui/page-title';
import { type FormActorRef, type FormBindings, useForm } from '../../ui/use-form';
import { LoadFailure } from '../load/load-view';

const BANK_OPTIONS = optionsOf(BANK_NAMES);

/** /admin/company: the particulars the CPF, bank and IR8A files and the PDFs print (issue 15). */
export function CompanyScreen({
  logic,
  inspect,
}: {
  logic: CompanySettingsLogic;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { inspect });
  const form = useSelector(actor, (s) => s.context.form);
  const company = useSelector(actor, (s) => s.context.company);
  const failed = useSelector(company, (s) => s.matches('failed'));
  const mailDelivery = useSelector(actor, (s) => s.context.mailDelivery);

  return (
    <Stack gap="4" maxW="3xl">
      <PageTitle>Company</PageTitle>
      <Text color="fg.muted">
        The CPF file, the bank&apos;s salary file, the IR8A forms and the payslips print these.
      </Text>
      <Card.Root>
        <Card.Body p={{ base: '4', md: '6' }}>
          {failed ? (
            <LoadFailure load={company} />
          ) : form ? (
            <CompanyForm actor={form} mailDelivery={mailDelivery} />
          ) : (
            <Stack gap="4" aria-busy="true">
              <Skeleton height="10" />
              <Skeleton height="10" />
              <Skeleton height="10" />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** Which account rows show: the filled ones, and one empty row to add another account. */
function shownRows(values: CompanyFormValues): number[] {
  const filled = (row: number) =>
    Object.values(accountFieldNames(row)).some((name) => (values[name] ?? '').trim() !== '');
  const rows = [0];
  for (let row = 1; row < COMPANY_FORM_ACCOUNT_ROWS; row += 1) {
    if (filled(row) || filled(row - 1)) rows.push(row);
  }
  return rows;
}

function CompanyForm({
  actor,
  mailDelivery,
}: {
  actor: ActorRefFrom<typeof companyFormMachine>;
  mailDelivery: MailDelivery | null;
}) {
  const form = useForm(actor as FormActorRef<CompanyFormValues>);
  const protect = form.field('protectEmailedPayslips');
  const approval = form.field('requirePayRunApproval');
  return (
    <form noValidate aria-label="Company" onSubmit={form.onSubmit}>
      <Stack gap="6">
        <Stack gap="4">
          <FormField label="Company Name" field={form.field('name')} autoComplete="organization" />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField
              label="UEN"
              field={form.field('uen')}
              autoComplete="off"
              helperText="The company's Unique Entity Number, such as 201912345K."
            />
            <FormField
              label="CPF Submission Number"
              field={form.field('cpfSubmissionNumber')}
              autoComplete="off"
              helperText="Left empty, the UEN followed by PTE01."
            />
          </SimpleGrid>
          <FormField label="Address" field={form.field('address')} autoComplete="street-address" />
        </Stack>
        <Stack gap="4" role="group" aria-label="Authorised person">
          <Heading as="h2" size="sm">
            Authorised person
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Who makes the employer&apos;s declaration on the IR8A forms.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField
              label="Authorised Person"
              field={form.field('authorisedPersonName')}
              autoComplete="name"
            />
            <FormField
              label="Designation"
              field={form.field('authorisedPersonDesignation')}
              autoComplete="organization-title"
            />
            <FormField label="Telephone" field={form.field('authorisedPersonPhone')} autoComplete="tel" />
            <FormField
              label="E-mail"
              field={form.field('authorisedPersonEmail')}
              autoComplete="email"
              type="email"
            />
          </SimpleGrid>
        </Stack>
        <Stack gap="4">
          <Heading as="h2" size="sm">
            Salary accounts
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Each bank&apos;s salary file debits the company&apos;s account at that bank: keep one account per
            bank you pay from. Empty an account&apos;s fields to remove it.
          </Text>
          {shownRows(form.values).map((row) => (
            <AccountRow key={row} form={form} row={row} />
          ))}
        </Stack>
        <Stack gap="3" role="group" aria-label="E-mail">
          <Heading as="h2" size="sm">
            E-mail
          </Heading>
          {mailDelivery && <Text fontSize="sm">{mailDeliveryText(mailDelivery)}</Text>}
          <LabelledField
            error={protect.error}
            disabled={protect.disabled}
            helper="The PDF opens with the last four characters of the employee's NRIC/FIN followed by their date of birth as DDMMYYYY; the e-mail says how."
          >
            <Switch.Root
              name={protect.name}
              checked={protect.value !== 'no'}
              onCheckedChange={(details) => protect.onChange(details.checked ? 'yes' : 'no')}
              colorPalette="teal"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Protect e-mailed payslips with a password</Switch.Label>
            </Switch.Root>
          </LabelledField>
        </Stack>
        <Stack gap="3" role="group" aria-label="Payroll">
          <Heading as="h2" size="sm">
            Payroll
          </Heading>
          <LabelledField
            error={approval.error}
            disabled={approval.disabled}
            helper="Takes effect while the company has two or more administrators: until another administrator approves the month, its bank and CPF files, payslip e-mails and staff's payslips wait."
          >
            <Switch.Root
              name={approval.name}
              checked={approval.value !== 'no'}
              onCheckedChange={(details) => approval.onChange(details.checked ? 'yes' : 'no')}
              colorPalette="teal"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Require a second administrator to approve each month's pay run</Switch.Label>
            </Switch.Root>
          </LabelledField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField
              label="Claim window (days)"
              field={form.field('claimWindowDays')}
              inputMode="numeric"
              autoComplete="off"
              helperText="How many days after an expense its claim may still be filed (1 to 366)."
            />
          </SimpleGrid>
        </Stack>
        <FormError message={form.submitError} />
        <Stack direction="row" justify="flex-end">
          <SubmitButton loading={form.submitting}>Save</SubmitButton>
        </Stack>
      </Stack>
    </form>
  );
}

function AccountRow({ form, row }: { form: FormBindings<CompanyFormValues>; row: number }) {
  const names = accountFieldNames(row);
  const bank = form.field(names.bankName);
  const which = row === 0 ? '' : ` (account ${row + 1})`;
  return (
    <Stack gap="4" role="group" aria-label={`Salary account ${row + 1}`}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <LabelledField label={`Bank Name${which}`} error={bank.error} disabled={bank.disabled}>
          <SelectInput name={bank.name} value={bank.value} options={BANK_OPTIONS} onChange={bank.onChange} />
        </LabelledField>
        <FormField label={`Bank Account No${which}`} field={form.field(names.accountNo)} autoComplete="off" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label={`Bank Account Name${which}`}
          field={form.field(names.accountName)}
          autoComplete="off"
          helperText="As the bank holds it; left empty, the company name."
        />
        <FormField
          label={`Organisation ID${which}`}
          field={form.field(names.organisationId)}
          autoComplete="off"
          helperText="DBS accounts: the organisation ID DBS IDEAL shows; the DBS file needs it."
        />
      </SimpleGrid>
    </Stack>
  );
}

import { Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { companyFormMachine } from '../../../machines/company-form.machine';
import type { CompanySettingsLogic } from '../../actors/submissions.actors';
import type { CompanyFormValues } from '../../domain/company';
import { BANK_NAMES } from '../../domain/enums';
import { FormError, FormField, LabelledField, SubmitButton } from '../../ui/form-field';
import { optionsOf, SelectInput } from '../../ui/labelled-field';
import { PageTitle } from '../../ui/page-title';
import { type FormActorRef, useForm } from '../../ui/use-form';
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
            <CompanyForm actor={form} />
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

function CompanyForm({ actor }: { actor: ActorRefFrom<typeof companyFormMachine> }) {
  const form = useForm(actor as FormActorRef<CompanyFormValues>);
  const bank = form.field('bankName');
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
        <Stack gap="4">
          <Heading as="h2" size="sm">
            Salary account
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <LabelledField label="Bank Name" error={bank.error} disabled={bank.disabled}>
              <SelectInput
                name={bank.name}
                value={bank.value}
                options={BANK_OPTIONS}
                onChange={bank.onChange}
              />
            </LabelledField>
            <FormField label="Bank Account No" field={form.field('bankAccountNo')} autoComplete="off" />
          </SimpleGrid>
          <FormField
            label="Bank Account Name"
            field={form.field('bankAccountName')}
            autoComplete="off"
            helperText="As the bank holds it; left empty, the company name."
          />
        </Stack>
        <FormError message={form.submitError} />
        <Stack direction="row" justify="flex-end">
          <SubmitButton loading={form.submitting}>Save</SubmitButton>
        </Stack>
      </Stack>
    </form>
  );
}

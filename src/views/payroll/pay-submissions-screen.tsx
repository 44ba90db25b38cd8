import { Box, Button, Card, Flex, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type {
  PaySubmissionsContext,
  paySubmissionsMachine,
  SalaryFileBankCode,
  SubmissionFile,
} from '../../../machines/pay-submissions.machine';
import type { PaySubmissionsLogic } from '../../actors/submissions.actors';
import { formatAmount } from '../../domain/money';
import { SHG_FUND_NAMES } from '../../domain/payslip-labels';
import { MONTH_NAMES, payMonths } from '../../domain/payslips';
import { type CpfSummary, SALARY_FILE_BANK_CODES } from '../../domain/submissions';
import { DateInput } from '../../ui/date-field';
import { FormError, LabelledField } from '../../ui/form-field';
import { optionsOf, SelectInput } from '../../ui/labelled-field';
import { PageTitle } from '../../ui/page-title';
import { PickerSelect, yearChoices } from '../../ui/picker-select';
import { LoadFailure } from '../load/load-view';
import { AisProblems, Ir8aJobPanel } from './iras-files';
import { ReleasedPayments, WithheldPayments } from './withheld-payments';

type Actor = ActorRefFrom<typeof paySubmissionsMachine>;

/** /admin/pay-submissions (issue 15): the month's CPF summary and checks, and its files. */
export function PaySubmissionsScreen({
  logic,
  today,
  inspect,
}: {
  logic: PaySubmissionsLogic;
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { today }, inspect });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('fetching'));
  const failed = useSelector(context.load, (s) => s.matches('failed'));
  const period = `${MONTH_NAMES[context.month - 1]} ${context.year}`;

  return (
    <Stack gap="4">
      <PageTitle>Submissions</PageTitle>
      <PeriodPicker actor={actor} context={context} disabled={context.downloading !== null} />
      {failed ? (
        <Card.Root>
          <Card.Body>
            <LoadFailure load={context.load} />
          </Card.Body>
        </Card.Root>
      ) : (
        <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="stretch">
          <Card.Root flex="3">
            <Card.Body gap="4" p={{ base: '4', md: '6' }}>
              <Heading as="h2" size="md">
                CPF summary for {period}
              </Heading>
              {loading || !context.summary ? (
                <Stack gap="2" aria-busy="true">
                  <Skeleton height="6" />
                  <Skeleton height="6" />
                  <Skeleton height="6" />
                </Stack>
              ) : (
                <SummaryTable summary={context.summary} period={period} />
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root flex="2">
            <Card.Body gap="4" p={{ base: '4', md: '6' }}>
              <Heading as="h2" size="md">
                Before you submit
              </Heading>
              {loading || !context.summary ? (
                <Skeleton height="12" />
              ) : (
                <Checks summary={context.summary} period={period} />
              )}
            </Card.Body>
          </Card.Root>
        </Flex>
      )}
      <Files actor={actor} context={context} ready={!loading} />
    </Stack>
  );
}

function PeriodPicker({
  actor,
  context,
  disabled,
}: {
  actor: Actor;
  context: PaySubmissionsContext;
  disabled: boolean;
}) {
  const { year, month, years, today } = context;
  return (
    <HStack gap="3" wrap="wrap">
      <PickerSelect
        label="Year"
        value={year}
        options={yearChoices(years)}
        disabled={disabled}
        onChange={(y) => actor.send({ type: 'period.change', year: y, month })}
      />
      <PickerSelect
        label="Month"
        value={month}
        options={payMonths(year, today).map((m) => ({ value: m, label: MONTH_NAMES[m - 1] ?? String(m) }))}
        disabled={disabled}
        width="10rem"
        onChange={(m) => actor.send({ type: 'period.change', year, month: m })}
      />
    </HStack>
  );
}

function SummaryTable({ summary, period }: { summary: CpfSummary; period: string }) {
  const rows: Array<[label: string, amount: number, note?: string]> = [
    ['CPF: employee', summary.employeeCpf],
    ['CPF: employer', summary.employerCpf],
    ['CPF: total', summary.totalCpf],
    ['SDL (Skills Development Levy)', summary.sdl],
    ...summary.shg.map((line): [string, number, string] => [
      SHG_FUND_NAMES[line.fund],
      line.amount,
      line.donors === 1 ? '1 donor' : `${line.donors} donors`,
    ]),
  ];
  return (
    <Table.Root size="sm" aria-label={`CPF summary for ${period}`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Payable to the CPF Board</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount ($)</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map(([label, amount, note]) => (
          <Table.Row key={label}>
            <Table.Cell>
              {label}
              {note && (
                <Text as="span" color="fg.muted" fontSize="xs" ms="2">
                  {note}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {formatAmount(amount)}
            </Table.Cell>
          </Table.Row>
        ))}
        <Table.Row fontWeight="semibold">
          <Table.Cell>Total payable</Table.Cell>
          <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
            {formatAmount(summary.totalPayable)}
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

function Checks({ summary, period }: { summary: CpfSummary; period: string }) {
  const staff = (n: number) => (n === 1 ? '1 staff member' : `${n} staff members`);
  return (
    <Stack gap="3">
      <Text>
        {staff(summary.employees)} processed for {period}.
      </Text>
      <Stack as="ul" gap="2" ps="5" listStyleType="disc" aria-label="What would stop the CPF file">
        {summary.problems.map((problem) => (
          <Box as="li" key={problem} color="red.fg">
            {problem}
          </Box>
        ))}
        {summary.unprocessed > 0 && (
          <Box as="li" color="orange.fg">
            {staff(summary.unprocessed)} not processed yet: they are not in the files until processed.
          </Box>
        )}
      </Stack>
      {summary.problems.length === 0 && summary.unprocessed === 0 && (
        <Text color="green.fg">Nothing stops the CPF file.</Text>
      )}
    </Stack>
  );
}

const BANK_OPTIONS = optionsOf(SALARY_FILE_BANK_CODES);

function Files({ actor, context, ready }: { actor: Actor; context: PaySubmissionsContext; ready: boolean }) {
  const busy = context.downloading !== null;
  const blocked = (context.summary?.problems.length ?? 1) > 0;
  const nothingProcessed = (context.summary?.employees ?? 0) === 0;
  const button = (file: SubmissionFile, label: string, disabled: boolean) => (
    <Button
      size="sm"
      colorPalette="teal"
      variant={file === 'cpfFile' || file === 'bankFile' || file === 'aisFile' ? 'solid' : 'outline'}
      disabled={!ready || busy || disabled}
      loading={context.downloading === file}
      loadingText="Processing..."
      onClick={() => actor.send({ type: 'file.download', file })}
    >
      {label}
    </Button>
  );
  return (
    <Card.Root>
      <Card.Body gap="5" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          Files
        </Heading>
        <Stack gap="2">
          <Text fontWeight="medium">CPF Board</Text>
          <HStack gap="3" wrap="wrap">
            {button('cpfFile', 'Download CPF file', blocked)}
            {button('cpfSummaryPdf', 'CPF summary (PDF)', nothingProcessed)}
          </HStack>
        </Stack>
        <Stack gap="2">
          <Text fontWeight="medium">Bank</Text>
          <Flex gap="3" wrap="wrap" align="flex-start">
            <Box width={{ base: 'full', sm: '10rem' }}>
              <LabelledField label="Bank" disabled={busy}>
                <SelectInput
                  name="bank"
                  value={context.bank}
                  options={BANK_OPTIONS}
                  onChange={(bank) => actor.send({ type: 'bank.change', bank: bank as SalaryFileBankCode })}
                />
              </LabelledField>
            </Box>
            <Box width={{ base: 'full', sm: '12rem' }}>
              <LabelledField label="Value Date" error={context.valueDateError ?? undefined} disabled={busy}>
                <DateInput
                  name="valueDate"
                  value={context.valueDate}
                  disabled={busy}
                  onChange={(valueDate) => actor.send({ type: 'valueDate.change', valueDate })}
                />
              </LabelledField>
            </Box>
            {/* Level with the inputs, below their labels. */}
            <Box pt={{ base: '0', sm: '7' }}>
              {button('bankFile', 'Download bank file', nothingProcessed)}
            </Box>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Without a value date the bank pays on the pay date, or on the next working day once it has passed.
          </Text>
          <WithheldPayments withheld={context.summary?.withheld ?? []} />
          <ReleasedPayments
            released={context.summary?.released ?? []}
            download={button('releasedBankFile', 'Bank file of released payments', false)}
          />
        </Stack>
        <Stack gap="2">
          <Text fontWeight="medium">IRAS, year {context.year}</Text>
          {/* One row of IRAS buttons: Make IR8A forms stood alone above the other two at 1280 px. */}
          <Flex gap="3" wrap="wrap" align="flex-start">
            <Ir8aJobPanel job={context.ir8aJob} />
            {button('ir8aCsv', 'IR8A CSV', false)}
            {button('aisFile', 'IRAS AIS file', false)}
          </Flex>
          {context.aisCheck && <AisProblems check={context.aisCheck} />}
        </Stack>
        <Stack gap="2">
          <Text fontWeight="medium">Payroll records</Text>
          <HStack gap="3" wrap="wrap">
            {button('payrollMonthCsv', 'Month (CSV)', nothingProcessed)}
            {button('payrollMonthXlsx', 'Month (XLSX)', nothingProcessed)}
            {button('payrollYearCsv', `Year ${context.year} (CSV)`, false)}
            {button('payrollYearXlsx', `Year ${context.year} (XLSX)`, false)}
          </HStack>
        </Stack>
        <FormError message={context.downloadError} />
      </Card.Body>
    </Card.Root>
  );
}

import { Button, Dialog, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import {
  canConfirm,
  isConfirming,
  isPreviewFailed,
  isPreviewing,
} from '../../../machines/payroll-period.selectors';
import { formatDayMonthYear } from '../../domain/dates';
import { formatAmount } from '../../domain/money';
import { MONTH_NAMES, type PayTotals } from '../../domain/payslips';
import { DialogShell } from '../../ui/dialog-shell';
import type { PayrollPeriodRef } from './payroll-parts';

/** The amounts the confirmation adds up, in the order a payroll run is read. */
const LINES: ReadonlyArray<readonly [label: string, key: keyof PayTotals]> = [
  ['Gross Pay', 'grossPay'],
  ['Employee CPF', 'employeeCpf'],
  ['Employer CPF', 'employerCpf'],
  ['SHG (self-help groups)', 'selfHelpGroup'],
  ['Net Payable', 'netPayable'],
];

const payslipsWord = (n: number) => (n === 1 ? '1 payslip' : `${n} payslips`);

/**
 * Process Pay's confirmation (issue 34): before anything is processed, the headcount and the totals of
 * the selected payslips as the server would store them. Cancel processes nothing; Confirm processes.
 */
export function ProcessPayConfirm({ actor }: { actor: PayrollPeriodRef }) {
  const open = useSelector(actor, isConfirming);
  const previewing = useSelector(actor, isPreviewing);
  const ready = useSelector(actor, canConfirm);
  const failed = useSelector(actor, isPreviewFailed);
  const preview = useSelector(actor, (s) => s.context.preview);
  const error = useSelector(actor, (s) => s.context.previewError);
  const payDate = useSelector(actor, (s) => s.context.run?.payDate ?? '');
  const period = useSelector(actor, (s) => `${MONTH_NAMES[s.context.month - 1]} ${s.context.year}`);
  const cancel = () => actor.send({ type: 'confirm.cancel' });

  return (
    <DialogShell open={open} title={`Process pay for ${period}?`} busy={false} onClose={cancel} alert>
      <Dialog.Body>
        {previewing && (
          <Stack gap="2" aria-busy="true">
            <Text color="fg.muted">Working out the totals...</Text>
            <Skeleton height="5" />
            <Skeleton height="5" />
            <Skeleton height="5" />
          </Stack>
        )}
        {failed && error && (
          <Stack gap="3" align="flex-start">
            <Text role="alert" color="fg.error">
              {error.message}
            </Text>
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'confirm.retry' })}>
              Try again
            </Button>
          </Stack>
        )}
        {ready && preview && (
          <Stack gap="3">
            <Dialog.Description>
              {payslipsWord(preview.totals.payslips)} will be processed with the pay date{' '}
              {formatDayMonthYear(payDate)}.
              {preview.skipped > 0 &&
                ` ${payslipsWord(preview.skipped)} already processed will be left as they are.`}
            </Dialog.Description>
            <Table.Root size="sm" aria-label="Totals to be processed">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Selected payslips</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount ($)</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {LINES.map(([label, key]) => (
                  <Table.Row key={key} fontWeight={key === 'netPayable' ? 'semibold' : undefined}>
                    <Table.Cell>{label}</Table.Cell>
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                      {formatAmount(preview.totals[key])}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={cancel}>
          Cancel
        </Button>
        <Button colorPalette="teal" disabled={!ready} onClick={() => actor.send({ type: 'confirm.accept' })}>
          Confirm
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}

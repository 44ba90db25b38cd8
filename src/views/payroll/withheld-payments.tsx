import { Box, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDayMonthYear } from '../../domain/dates';
import type { ReleasedPayment, WithheldPayment } from '../../domain/ir21';
import { formatAmount } from '../../domain/money';

/**
 * The month's payments the bank file leaves out (issue 35 item 5): a foreign leaver's net pay, until
 * IRAS's IR21 clearance is recorded on their staff record; the next bank file then pays it (and the
 * file of released payments pays it alone).
 */
export function WithheldPayments({ withheld }: { withheld: readonly WithheldPayment[] }) {
  if (withheld.length === 0) return null;
  return (
    <Stack gap="2" as="section" aria-label="Withheld from the bank file">
      <Text fontSize="sm" color="orange.fg">
        Withheld from the bank file until IRAS's clearance is recorded on the staff record:
      </Text>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Employee</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Net pay ($)</Table.ColumnHeader>
            <Table.ColumnHeader>Reason</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {withheld.map((row) => (
            <Table.Row key={row.userId}>
              <Table.Cell>{row.name}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatAmount(row.netPay)}
              </Table.Cell>
              <Table.Cell>{row.reason}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/**
 * Payments released by IRAS's clearance (issue 35 item 5 follow-up): the officer who already uploaded the
 * month's bank file uploads the file of released payments only, since the month's file now pays them too.
 */
export function ReleasedPayments({
  released,
  download,
}: {
  released: readonly ReleasedPayment[];
  download: ReactNode;
}) {
  if (released.length === 0) return null;
  return (
    <Stack gap="2" as="section" aria-label="Released after IRAS clearance">
      <Text fontWeight="medium" fontSize="sm">
        Released after IRAS clearance
      </Text>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Employee</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Net pay ($)</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {released.map((row) => (
            <Table.Row key={row.userId}>
              <Table.Cell>{row.name}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatAmount(row.netPay)}
              </Table.Cell>
              <Table.Cell>
                <Text>
                  {row.fileDownloadedOn
                    ? `Released, file downloaded on ${formatDayMonthYear(row.fileDownloadedOn)}`
                    : 'Released, file not downloaded yet'}
                </Text>
                <Text color="fg.muted" fontSize="xs">
                  Cleared {formatDayMonthYear(row.clearedOn)}, {row.reference}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text fontSize="sm" color="orange.fg">
        The month's bank file now includes these payments too. If you already uploaded it, upload only the
        bank file of released payments, or they are paid twice.
      </Text>
      <Box>{download}</Box>
    </Stack>
  );
}

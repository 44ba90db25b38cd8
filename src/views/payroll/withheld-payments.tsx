import { Stack, Table, Text } from '@chakra-ui/react';
import type { WithheldPayment } from '../../domain/ir21';
import { formatAmount } from '../../domain/money';

/**
 * The month's payments the bank file leaves out (issue 35 item 5): a foreign leaver's net pay, until
 * IRAS's IR21 clearance is recorded on their staff record; the next bank file then pays it.
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

import { Button, Card, Flex, Heading, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { InspectionEvent, Observer } from 'xstate';
import { isLoadingRows, loadError } from '../../../machines/list.selectors';
import { canUseProcessedList, isOpeningTablePdf } from '../../../machines/payroll-period.selectors';
import type { PayrollPeriodLogic } from '../../actors/payroll-period.actors';
import { PageTitle } from '../../ui/page-title';
import { EmailPayslipsButton, EmailPayslipsPanel } from './email-payslips';
import { PeriodPicker, ProcessedTable, processedColumns, ResendConfirm } from './payroll-parts';

/** /admin/pay-records (spec section 2, Admin pay records): View Processed Records. */
export function PayRecordsScreen({
  logic,
  today,
  inspect,
}: {
  logic: PayrollPeriodLogic;
  today: string;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { screen: 'records', today }, inspect });
  const columns = useMemo(() => processedColumns(actor), [actor]);
  const opening = useSelector(actor, isOpeningTablePdf);
  const processed = useSelector(actor, (s) => s.context.processed);
  const fetching = useSelector(processed, isLoadingRows);
  const ready = useSelector(actor, canUseProcessedList) && !fetching;
  const failed = useSelector(processed, (s) => loadError(s) !== null);
  const emails = useSelector(actor, (s) => s.context.emails);

  return (
    <Stack gap="4">
      <PageTitle>View Processed Records</PageTitle>
      <Flex justify="space-between" align="flex-end" gap="4" wrap="wrap">
        <PeriodPicker actor={actor} />
        <HStack gap="3">
          {emails && <EmailPayslipsButton actor={emails} disabled={!ready} />}
          <Button
            variant="outline"
            size="sm"
            disabled={!ready || opening}
            onClick={() => actor.send({ type: 'tablePdf.open' })}
          >
            {opening ? 'Processing...' : 'Table View'}
          </Button>
        </HStack>
      </Flex>
      {emails && <EmailPayslipsPanel actor={emails} />}
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <Heading as="h2" size="md">
            Processed List
          </Heading>
          {failed ? (
            <Stack gap="3" align="flex-start">
              <Skeleton height="6" width="full" />
              <Button size="sm" variant="outline" onClick={() => processed.send({ type: 'list.reload' })}>
                Try again
              </Button>
            </Stack>
          ) : (
            <ProcessedTable list={processed} columns={columns} />
          )}
        </Card.Body>
      </Card.Root>
      <ResendConfirm actor={actor} />
    </Stack>
  );
}

import { Button, HStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ExportFilters, exportFileMachine } from '../../../machines/export-file.machine';

export type ExportActorRef = ActorRefFrom<typeof exportFileMachine>;

/** Export CSV and Export XLSX of a list's filters (issue 38 item 5); both wait while one is made. */
export function ExportButtons({ actor, filters }: { actor: ExportActorRef; filters: ExportFilters }) {
  const exporting = useSelector(actor, (snapshot) => snapshot.context.exporting);
  const button = (format: 'csv' | 'xlsx', label: string) => (
    <Button
      size="sm"
      variant="outline"
      colorPalette="teal"
      disabled={exporting !== null}
      loading={exporting === format}
      loadingText="Processing..."
      onClick={() => actor.send({ type: 'export.request', format, filters })}
    >
      {label}
    </Button>
  );
  return (
    <HStack gap="2" wrap="wrap">
      {button('csv', 'Export CSV')}
      {button('xlsx', 'Export XLSX')}
    </HStack>
  );
}

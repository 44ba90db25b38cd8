import { Button, Card, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { timesheetImportMachine } from '../../../machines/timesheet-import.machine';

/** Choose a CSV -> the dry run's problems by row and column -> Apply when there are none (issue 36 item 5). */
export function TimesheetImportPanel({
  actor,
  onTemplate,
}: {
  actor: ActorRefFrom<typeof timesheetImportMachine>;
  onTemplate: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const file = useSelector(actor, (s) => s.context.file);
  const report = useSelector(actor, (s) => s.context.report);
  const error = useSelector(actor, (s) => s.context.error);
  const checking = useSelector(actor, (s) => s.matches('checking'));
  const applying = useSelector(actor, (s) => s.matches('applying'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const problems = useSelector(actor, (s) => s.matches('problems'));
  return (
    <Card.Root size="sm">
      <Card.Body gap="3">
        <Flex gap="2" wrap="wrap" align="center">
          <Text fontWeight="medium" flex="1" minW="12rem">
            Upload the month's hours (CSV)
          </Text>
          <Button size="sm" variant="ghost" onClick={onTemplate}>
            Download template
          </Button>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label="CSV file of the month's hours"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) actor.send({ type: 'import.choose', file: chosen });
            }}
          />
          <Button
            size="sm"
            variant="outline"
            loading={checking}
            disabled={applying}
            onClick={() => input.current?.click()}
          >
            Choose file
          </Button>
        </Flex>
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
        {file && report && (
          <Text color="fg.muted" textStyle="sm">
            {file.name}: {report.rows} {report.rows === 1 ? 'row' : 'rows'} for {report.employees}{' '}
            {report.employees === 1 ? 'employee' : 'employees'}
            {report.valid
              ? ', no problems.'
              : `, ${report.errors.length} ${report.errors.length === 1 ? 'problem' : 'problems'}.`}
          </Text>
        )}
        {problems && report && report.errors.length > 0 && (
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH="20rem">
            <Table.Root size="sm" aria-label="Problems in the file" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Row</Table.ColumnHeader>
                  <Table.ColumnHeader>Column</Table.ColumnHeader>
                  <Table.ColumnHeader>Problem</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.errors.map((e) => (
                  <Table.Row key={`${e.row}-${e.field}-${e.message}`}>
                    <Table.Cell fontVariantNumeric="tabular-nums">{e.row}</Table.Cell>
                    <Table.Cell>{e.field}</Table.Cell>
                    <Table.Cell whiteSpace="normal">{e.message}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {(ready || applying || problems) && (
          <Stack direction="row" gap="2" justify="flex-end">
            <Button
              size="sm"
              variant="ghost"
              disabled={applying}
              onClick={() => actor.send({ type: 'import.cancel' })}
            >
              Cancel
            </Button>
            {!problems && (
              <Button size="sm" loading={applying} onClick={() => actor.send({ type: 'import.apply' })}>
                Apply
              </Button>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

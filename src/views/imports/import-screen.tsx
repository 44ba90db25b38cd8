import { Button, Card, Flex, NativeSelect, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { InspectionEvent, Observer } from 'xstate';
import type { DataImportLogic } from '../../actors/data-import.actors';
import type { ImportError, ImportKind } from '../../domain/staff-import';
import { LabelledField } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';

/** What each import is called and holds (the columns are the template's). */
const KINDS: { kind: ImportKind; label: string; holds: string }[] = [
  {
    kind: 'staff',
    label: 'Staff',
    holds: 'One row per employee: every field the onboarding wizard asks, and the leave allowances.',
  },
  {
    kind: 'opening-ytd',
    label: 'Opening YTD',
    holds: "One row per employee and year: the year's pay and CPF so far, paid before this system.",
  },
  {
    kind: 'opening-leave',
    label: 'Opening leave',
    holds: 'One row per employee: the days of each leave type already taken this year.',
  },
];

const rowsWord = (n: number) => `${n.toLocaleString('en-SG')} ${n === 1 ? 'row' : 'rows'}`;
const staffWord = (n: number) => `${n.toLocaleString('en-SG')} imported staff`;

function ErrorsTable({ errors, label }: { errors: readonly ImportError[]; label: string }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="24rem">
      <Table.Root size="sm" aria-label={label} stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Row</Table.ColumnHeader>
            <Table.ColumnHeader>Column</Table.ColumnHeader>
            <Table.ColumnHeader>Error</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {errors.map((e) => (
            <Table.Row key={`${e.row}-${e.field}-${e.message}`}>
              <Table.Cell fontVariantNumeric="tabular-nums">{e.row}</Table.Cell>
              <Table.Cell>{e.field}</Table.Cell>
              <Table.Cell whiteSpace="normal">{e.message}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** /admin/import (issue 38 item 6): what, its template, a file, the dry run's errors, Apply, the result. */
export function ImportScreen({
  logic,
  kind,
  inspect,
}: {
  logic: DataImportLogic;
  kind?: ImportKind;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { kind }, inspect });
  const input = useRef<HTMLInputElement>(null);
  const context = useSelector(actor, (s) => s.context);
  const state = useSelector(actor, (s) => ({
    checking: s.matches('checking'),
    problems: s.matches('problems'),
    ready: s.matches('ready'),
    applying: s.matches('applying'),
    following: s.matches('following'),
    failed: s.matches('failed'),
    done: s.matches('done'),
    inviting: s.matches('inviting'),
  }));
  const busy = state.checking || state.applying || state.following || state.inviting;
  const chosen = KINDS.find((k) => k.kind === context.kind);
  const { report, job } = context;

  return (
    <Stack gap="4">
      <PageTitle>Import</PageTitle>
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <Flex gap="3" wrap="wrap" align="flex-end">
            <LabelledField label="What to import" width="auto" disabled={busy}>
              <NativeSelect.Root size="sm" width="12rem">
                <NativeSelect.Field
                  value={context.kind}
                  onChange={(event) =>
                    actor.send({ type: 'import.kind', kind: event.target.value as ImportKind })
                  }
                >
                  {KINDS.map((k) => (
                    <option key={k.kind} value={k.kind}>
                      {k.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </LabelledField>
            <Flex gap="2" wrap="wrap">
              <Button
                size="sm"
                variant="outline"
                onClick={() => actor.send({ type: 'import.template', format: 'csv' })}
              >
                Download template (CSV)
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => actor.send({ type: 'import.template', format: 'xlsx' })}
              >
                Download template (XLSX)
              </Button>
            </Flex>
          </Flex>
          <Text color="fg.muted" textStyle="sm">
            {chosen?.holds} Fill in the template, then choose the file: it is checked first, and nothing is
            saved until you apply it.
          </Text>
          <Flex gap="3" wrap="wrap" align="center">
            <input
              ref={input}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              aria-label="CSV or XLSX file to import"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) actor.send({ type: 'import.choose', file });
              }}
            />
            <Button
              size="sm"
              colorPalette="teal"
              loading={state.checking}
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              Choose file
            </Button>
            {context.file && (
              <Text textStyle="sm" wordBreak="break-all">
                {context.file.name}
              </Text>
            )}
          </Flex>
          {context.error && (
            <Text color="fg.error" role="alert">
              {context.error}
            </Text>
          )}
        </Card.Body>
      </Card.Root>

      {report && (state.problems || state.ready || state.applying) && (
        <Card.Root as="section" aria-label="Dry run">
          <Card.Body gap="3" p={{ base: '4', md: '6' }}>
            <Text fontWeight="medium">
              Dry run: {rowsWord(report.rows)}, {report.valid.toLocaleString('en-SG')} valid
              {report.errors.length > 0
                ? `, ${report.errors.length} ${report.errors.length === 1 ? 'error' : 'errors'}. Nothing can be imported until the file has none.`
                : ', no errors.'}
            </Text>
            {report.errors.length > 0 && <ErrorsTable errors={report.errors} label="Errors in the file" />}
            <Flex gap="2" justify="flex-end">
              <Button
                size="sm"
                variant="ghost"
                disabled={state.applying}
                onClick={() => actor.send({ type: 'import.cancel' })}
              >
                Cancel
              </Button>
              {!state.problems && (
                <Button
                  size="sm"
                  colorPalette="teal"
                  loading={state.applying}
                  onClick={() => actor.send({ type: 'import.apply' })}
                >
                  Apply
                </Button>
              )}
            </Flex>
          </Card.Body>
        </Card.Root>
      )}

      {state.following && (
        <Card.Root as="section" aria-label="Import progress">
          <Card.Body gap="2" p={{ base: '4', md: '6' }}>
            <Progress.Root
              value={job && job.total > 0 ? Math.round((job.done / job.total) * 100) : null}
              size="sm"
              colorPalette="teal"
            >
              <Progress.Label>
                {job
                  ? `Importing: ${job.done.toLocaleString('en-SG')} of ${rowsWord(job.total)}`
                  : 'Importing...'}
              </Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Card.Body>
        </Card.Root>
      )}

      {state.failed && context.jobErrors.length > 0 && (
        <Card.Root as="section" aria-label="Import failed">
          <Card.Body gap="3" p={{ base: '4', md: '6' }}>
            <ErrorsTable errors={context.jobErrors} label="Errors in the file" />
          </Card.Body>
        </Card.Root>
      )}

      {(state.done || state.inviting) && context.created !== null && (
        <Card.Root as="section" aria-label="Result">
          <Card.Body gap="3" p={{ base: '4', md: '6' }}>
            <Text fontWeight="medium" role="status">
              Imported: created {context.created.toLocaleString('en-SG')}.
            </Text>
            {context.kind === 'staff' && context.userIds.length > 0 && (
              <Stack gap="2" align="flex-start">
                <Text color="fg.muted" textStyle="sm">
                  Imported staff have no password yet: each sets one from an e-mailed link.
                </Text>
                {context.invited === null ? (
                  <Button
                    size="sm"
                    colorPalette="teal"
                    loading={state.inviting}
                    onClick={() => actor.send({ type: 'import.invite' })}
                  >
                    E-mail sign-in links to the {staffWord(context.userIds.length)}
                  </Button>
                ) : (
                  <Text textStyle="sm">
                    Sign-in links sent to {context.invited.toLocaleString('en-SG')}{' '}
                    {context.invited === 1 ? 'staff member' : 'staff'}.
                  </Text>
                )}
              </Stack>
            )}
            <Flex>
              <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'import.cancel' })}>
                Import another file
              </Button>
            </Flex>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}

import { Button, Card, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent, Observer } from 'xstate';
import type { auditTrailMachine } from '../../../machines/audit-trail.machine';
import type { provideAuditTrail } from '../../actors/audit.actors';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditFilters,
  type AuditRow,
  auditChanges,
  formatAuditChange,
} from '../../domain/audit';
import { formatDateTimeSeconds } from '../../domain/dates';
import { columnsFor } from '../../ui/data-table';
import { DateInput } from '../../ui/date-field';
import { LabelledField } from '../../ui/form-field';
import { PageTitle } from '../../ui/page-title';
import { ListTable } from '../list/list-view';

const column = columnsFor<AuditRow>();

const person = (who: AuditRow['actor']) => (who ? (who.name ?? `User ${who.id} (deleted)`) : 'System');

const columns = column.columns([
  column.accessor('at', {
    header: 'When',
    cell: ({ getValue }) => formatDateTimeSeconds(new Date(getValue())),
  }),
  column.accessor('action', { header: 'Action' }),
  column.accessor((row) => `${row.entity}${row.entityId ? ` ${row.entityId}` : ''}`, {
    id: 'record',
    header: 'Record',
  }),
  column.accessor((row) => person(row.actor), { id: 'actor', header: 'By' }),
  column.accessor((row) => (row.subject ? person(row.subject) : '-'), { id: 'subject', header: 'About' }),
  column.display({
    id: 'changes',
    header: 'Changes',
    cell: ({ row }) => {
      const changes = auditChanges(row.original);
      if (changes.length === 0) return '-';
      return (
        <Stack gap="0">
          {changes.map((change) => (
            <Text key={change.field} fontSize="sm" wordBreak="break-word">
              {formatAuditChange(change)}
            </Text>
          ))}
        </Stack>
      );
    },
  }),
]);

type AuditActor = ReturnType<typeof useActorRef<typeof auditTrailMachine>>;

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <LabelledField label={label} width="auto">
      <NativeSelect.Root size="sm" width="13rem">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">All</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </LabelledField>
  );
}

function UserIdField({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: number;
  onChange: (id?: number) => void;
}) {
  return (
    <LabelledField label={label} width="auto">
      <Input
        size="sm"
        width="8rem"
        inputMode="numeric"
        value={value ?? ''}
        onChange={(event) => {
          const text = event.target.value.trim();
          if (text === '') onChange(undefined);
          else if (/^[1-9]\d{0,9}$/.test(text)) onChange(Number(text));
        }}
      />
    </LabelledField>
  );
}

function Filters({ actor }: { actor: AuditActor }) {
  const filters = useSelector(actor, (state) => state.context.filters);
  const set = (change: Partial<AuditFilters>) => {
    const next: Record<string, unknown> = { ...filters, ...change };
    for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
    actor.send({ type: 'filters.change', filters: next as AuditFilters });
  };
  return (
    <Flex gap="3" wrap="wrap" align="flex-end">
      <Choice
        label="Record"
        value={filters.entity ?? ''}
        options={AUDIT_ENTITIES}
        onChange={(entity) =>
          set({ entity: (entity || undefined) as AuditFilters['entity'], entityId: undefined })
        }
      />
      <Choice
        label="Action"
        value={filters.action ?? ''}
        options={AUDIT_ACTIONS}
        onChange={(action) => set({ action: (action || undefined) as AuditFilters['action'] })}
      />
      <UserIdField label="By (user ID)" value={filters.actorId} onChange={(actorId) => set({ actorId })} />
      <UserIdField label="About (user ID)" value={filters.userId} onChange={(userId) => set({ userId })} />
      <LabelledField label="From" width="auto">
        <DateInput name="from" size="sm" value={filters.from ?? ''} onChange={(from) => set({ from })} />
      </LabelledField>
      <LabelledField label="To" width="auto">
        <DateInput name="to" size="sm" value={filters.to ?? ''} onChange={(to) => set({ to })} />
      </LabelledField>
      <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'filters.clear' })}>
        Clear filters
      </Button>
    </Flex>
  );
}

/** /admin/audit (issue 39 item 6): who did what to which record when, with what changed, newest first. */
export function AuditScreen({
  logic,
  filters,
  inspect,
}: {
  logic: ReturnType<typeof provideAuditTrail>;
  filters: AuditFilters;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}) {
  const actor = useActorRef(logic, { input: { filters }, inspect });
  const trail = useSelector(actor, (state) => state.context.trail);
  const exporting = useSelector(actor, (state) => state.hasTag('busy'));
  const entityId = useSelector(actor, (state) => state.context.filters.entityId);

  return (
    <Stack gap="2">
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageTitle>Audit</PageTitle>
        <Button
          size="sm"
          colorPalette="teal"
          loading={exporting}
          onClick={() => actor.send({ type: 'csv.export' })}
        >
          Export CSV
        </Button>
      </Flex>
      <Card.Root>
        <Card.Body gap="4" p={{ base: '4', md: '6' }}>
          <Filters actor={actor} />
          {entityId ? <Text fontSize="sm">Record ID {entityId}</Text> : null}
          <ListTable
            actor={trail}
            label="Audit trail"
            columns={columns}
            minWidth="900px"
            caption={(total) => `A total of ${total} audit entries.`}
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

import { Button, Card, Flex, Heading, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  differsFromStored,
  type editablePanelMachine,
  type PanelValues,
} from '../../../machines/editable-panel.machine';
import { FormError, SubmitButton } from '../../ui/form-field';
import { PencilIcon } from '../../ui/icons';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { type FieldsProps, ReadOnlyRows, type Row } from './record-fields';

export interface EditablePanelCardProps {
  /** The panel's statechart, spawned by the screen's parent machine (user record, Pay Items). */
  actor: ActorRefFrom<typeof editablePanelMachine>;
  title: string;
  canEdit: boolean;
  fields: (props: FieldsProps) => ReactNode;
  rows: (values: PanelValues) => Row[];
}

/**
 * An editable panel (spec section 2): read-only rows with a pencil, or its form with Save (disabled while
 * nothing changed or while saving) and Cancel (restores the stored values).
 */
export function EditablePanelCard({ actor, title, canEdit, fields, rows }: EditablePanelCardProps) {
  const readOnly = useSelector(actor, (s) => s.matches('readOnly'));
  const stored = useSelector(actor, (s) => s.context.stored);
  const form = useSelector(actor, (s) => s.context.form);

  return (
    <Card.Root variant="outline">
      <Card.Body gap="5" p={{ base: '4', md: '6' }}>
        <Flex justify="space-between" align="center" gap="3">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {canEdit && readOnly && (
            <IconButton
              aria-label={`Edit ${title}`}
              variant="ghost"
              size="sm"
              onClick={() => actor.send({ type: 'panel.edit' })}
            >
              <PencilIcon />
            </IconButton>
          )}
        </Flex>
        {readOnly || !form ? (
          <ReadOnlyRows rows={rows(stored)} />
        ) : (
          <PanelForm
            key={form.sessionId}
            form={form as FormActorRef<PanelValues>}
            stored={stored}
            title={title}
            fields={fields}
            onCancel={() => actor.send({ type: 'panel.cancel' })}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function PanelForm({
  form,
  stored,
  title,
  fields,
  onCancel,
}: {
  form: FormActorRef<PanelValues>;
  stored: PanelValues;
  title: string;
  fields: EditablePanelCardProps['fields'];
  onCancel: () => void;
}) {
  const bindings = useForm(form, (values) => differsFromStored(stored, values));
  return (
    <form noValidate aria-label={title} onSubmit={bindings.onSubmit}>
      <Stack gap="5">
        {fields({
          values: bindings.values,
          errors: bindings.errors,
          disabled: bindings.submitting,
          onChange: (field, value) => bindings.field(field).onChange(value),
          onBlur: (field, event) => bindings.field(field).onBlur(event),
        })}
        <FormError message={bindings.submitError} />
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" disabled={bindings.submitting} onClick={onCancel}>
            Cancel
          </Button>
          <SubmitButton disabled={!bindings.canSubmit} loading={bindings.submitting}>
            Save
          </SubmitButton>
        </HStack>
      </Stack>
    </form>
  );
}

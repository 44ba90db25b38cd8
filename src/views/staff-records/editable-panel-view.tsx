import { Button, Card, Flex, Heading, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  type editablePanelMachine,
  isPanelDirty,
  type PanelValues,
} from '../../../machines/editable-panel.machine';
import { SubmitButton } from '../../ui/form-field';
import { PencilIcon } from '../../ui/icons';
import { ReadOnlyRows, type Row } from './record-fields';

export interface PanelFieldsProps {
  values: PanelValues;
  errors: Record<string, string>;
  onChange: (field: string, value: string) => void;
  disabled: boolean;
}

export interface EditablePanelCardProps {
  /** The panel's statechart, spawned by the screen's parent machine (user record, Pay Items). */
  actor: ActorRefFrom<typeof editablePanelMachine>;
  title: string;
  canEdit: boolean;
  fields: (props: PanelFieldsProps) => ReactNode;
  rows: (values: PanelValues) => Row[];
}

/**
 * An editable panel (spec section 2): read-only rows with a pencil, or the fields with Save (disabled
 * while nothing changed or while saving) and Cancel (restores the stored values).
 */
export function EditablePanelCard({ actor, title, canEdit, fields, rows }: EditablePanelCardProps) {
  const readOnly = useSelector(actor, (s) => s.matches('readOnly'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const stored = useSelector(actor, (s) => s.context.stored);
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.errors);
  const dirty = useSelector(actor, (s) => isPanelDirty(s.context));

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
        {readOnly ? (
          <ReadOnlyRows rows={rows(stored)} />
        ) : (
          <form
            noValidate
            aria-label={title}
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'panel.save' });
            }}
          >
            <Stack gap="5">
              {fields({
                values: draft,
                errors,
                disabled: saving,
                onChange: (field, value) => actor.send({ type: 'panel.change', field, value }),
              })}
              <HStack justify="flex-end" gap="3">
                <Button
                  variant="outline"
                  disabled={saving}
                  onClick={() => actor.send({ type: 'panel.cancel' })}
                >
                  Cancel
                </Button>
                <SubmitButton disabled={!dirty || saving} loading={saving}>
                  Save
                </SubmitButton>
              </HStack>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}

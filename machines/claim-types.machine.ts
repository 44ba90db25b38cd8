import { type ActorRefFrom, assign, sendTo, setup, stopChild } from 'xstate';
import {
  CLAIM_TYPE_INITIAL_VALUES,
  type ClaimTypeFormValues,
  claimTypeFormSchema,
  claimTypeFormValues,
} from '../src/domain/claim-screens';
import { type ClaimType, claimTypeRemovalSchema } from '../src/domain/claims';
import { claimToasts } from '../src/domain/messages/claims';
import { childNews, notProvided, type ToastParams } from './effects';
import { createFormMachine } from './form';
import { formDialogMachine } from './form-dialog.machine';
import { type ListInput, listMachine, listToasts } from './list.machine';

/** Which type the form saves: null adds one (POST), an id edits it (PUT). */
export interface ClaimTypeFormParams {
  id: number | null;
}

/** Add or edit a claim type (issue 37 items 1 and 4): name, the three limits, receipt required, taxable. */
export const claimTypeFormMachine = createFormMachine<
  ClaimTypeFormValues,
  ReturnType<typeof claimTypeFormSchema.parse>,
  ClaimType,
  ClaimTypeFormParams
>({
  id: 'claimTypeForm',
  description: 'A claim type: name, limits per claim, month and year, receipt required, taxable.',
  initialValues: CLAIM_TYPE_INITIAL_VALUES,
  schema: claimTypeFormSchema,
  request: {
    id: 'saveClaimType',
    description: "POST /claim-types, or PUT /claim-types/{id}; the button reads 'Processing...'.",
  },
  successToast: (type, params) =>
    params.id ? claimToasts.typeSaved(type.name) : claimToasts.typeAdded(type.name),
  failureToast: claimToasts.typeSaveFailed,
  afterSuccess: { description: 'Saved: the dialog closes and the list is fetched again.' },
});

export const claimTypeDialogMachine = formDialogMachine.provide({ actors: { form: claimTypeFormMachine } });

/** Delete on a row: the API says whether the type went or was archived (it had claims). */
const removalToasts = listToasts<ClaimType>({
  // None here: the holder toasts with the answer (deleted or archived), which the list does not read.
  removed: () => undefined as unknown as ToastParams,
  removeFailed: (_type, error) => claimToasts.typeRemoveFailed(error),
});

export const claimTypesListInput: ListInput = { query: { pageSize: 50 }, toasts: removalToasts };

export interface ClaimTypesContext {
  types: ActorRefFrom<typeof listMachine>;
  /** Add claim type, or Edit of a row: made again for each opening with its values. */
  dialog: ActorRefFrom<typeof claimTypeDialogMachine>;
}

export type ClaimTypesEvent =
  | { type: 'type.add' }
  | { type: 'type.edit'; claimType: ClaimType }
  | { type: 'type.removed'; claimType: ClaimType; removed: 'DELETED' | 'ARCHIVED' }
  | { type: 'xstate.done.actor.claimTypeDialog' };

const dialogInput = (claimType: ClaimType | null) => ({
  params: { id: claimType?.id ?? null } satisfies ClaimTypeFormParams,
  values: claimType ? claimTypeFormValues(claimType) : CLAIM_TYPE_INITIAL_VALUES,
});

/**
 * Claim types under settings (issue 37 item 4): the list (archived ones too, marked), Add and Edit in a
 * dialog, Delete on a row, whose toast says whether the type was deleted or archived.
 */
export const claimTypesMachine = setup({
  types: { context: {} as ClaimTypesContext, events: {} as ClaimTypesEvent },
  actors: {
    types: listMachine,
    claimTypeDialog: claimTypeDialogMachine,
    childNews: childNews<{ types: ClaimTypesContext['types'] }>((input, tell) => [
      input.types.on('list.removed', ({ row, result }) =>
        tell({
          type: 'type.removed',
          claimType: row as ClaimType,
          removed: claimTypeRemovalSchema.parse(result).removed,
        }),
      ),
    ]),
  },
  actions: {
    notify: notProvided('claimTypes', 'notify') as (_: unknown, params: ToastParams) => void,
  },
}).createMachine({
  id: 'claimTypes',
  description: 'Claim types: the list, Add and Edit in a dialog, Delete (or archive when it has claims).',
  context: ({ spawn }) => ({
    types: spawn('types', { id: 'types', systemId: 'claimTypesList', input: claimTypesListInput }),
    dialog: spawn('claimTypeDialog', { id: 'claimTypeDialog', input: dialogInput(null) }),
  }),
  invoke: { src: 'childNews', input: ({ context }) => ({ types: context.types }) },
  on: {
    'type.add': {
      description: 'Add claim type: an empty dialog opens.',
      actions: [
        stopChild(({ context }) => context.dialog),
        assign({
          dialog: ({ spawn }) =>
            spawn('claimTypeDialog', { id: 'claimTypeDialog', input: dialogInput(null) }),
        }),
        sendTo(({ context }) => context.dialog, { type: 'dialog.open' }),
      ],
    },
    'type.edit': {
      description: 'Edit on a row: the dialog opens with the type’s values.',
      actions: [
        stopChild(({ context }) => context.dialog),
        assign({
          dialog: ({ spawn, event }) =>
            spawn('claimTypeDialog', { id: 'claimTypeDialog', input: dialogInput(event.claimType) }),
        }),
        sendTo(({ context }) => context.dialog, { type: 'dialog.open' }),
      ],
    },
    'type.removed': {
      description: 'Deleted, or archived as it has claims: the toast says which.',
      actions: {
        type: 'notify',
        params: ({ event }) => claimToasts.typeRemoved(event.claimType.name, event.removed),
      },
    },
    'xstate.done.actor.claimTypeDialog': {
      description: 'Saved: the list is fetched again.',
      actions: sendTo(({ context }) => context.types, { type: 'list.reload' }),
    },
  },
});

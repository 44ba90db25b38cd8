import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { formDialogMachine } from '../../machines/form-dialog.machine';
import type { FormValues } from '../domain/forms';
import type { FormActorRef } from './use-form';

export type FormDialogRef = ActorRefFrom<typeof formDialogMachine>;

/** Binds a form dialog (machines/form-dialog.machine.ts) to its view: whether it shows, its form, and busy. */
export function useFormDialog<TValues extends FormValues>(dialog: FormDialogRef) {
  const open = useSelector(dialog, (s) => s.matches('open'));
  // The flow holds whichever form it opens; the screen that holds the dialog knows which one that is.
  const form = useSelector(dialog, (s) => s.context.form) as FormActorRef<TValues> | null;
  const busy = useSelector((form ?? dialog) as AnyActorRef, (s) => s.hasTag('busy'));
  return {
    open,
    form,
    /** The request is out: the dialog cannot close. */
    busy,
    show: () => dialog.send({ type: 'dialog.open' }),
    close: () => dialog.send({ type: 'dialog.close' }),
  };
}

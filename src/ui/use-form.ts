import { useSelector } from '@xstate/react';
import type { FormEvent as ReactFormEvent } from 'react';
import type { ActorRef, SnapshotFrom } from 'xstate';
import {
  type CanSubmit,
  type FormEvent,
  type FormMachine,
  type FormView,
  formView,
} from '../../machines/form';
import type { FieldErrors, FormValues } from '../domain/forms';
import type { FieldBinding } from './form-field';

// biome-ignore lint/suspicious/noExplicitAny: any form machine, whatever its request and answer.
type AnyFormMachine<TValues extends FormValues> = FormMachine<TValues, any, any, any>;
export type FormActorRef<TValues extends FormValues> = ActorRef<
  SnapshotFrom<AnyFormMachine<TValues>>,
  FormEvent<TValues>
>;

export interface FormBindings<TValues extends FormValues> extends FormView<TValues> {
  field: (name: keyof TValues & string) => FieldBinding;
  /** For the form's onSubmit: sends the submit and, when errors show, moves focus to the first of them. */
  onSubmit: (event: ReactFormEvent<HTMLFormElement>) => void;
}

function firstInvalid<TValues extends FormValues>(values: TValues, errors: FieldErrors<TValues>) {
  return Object.keys(values).find((name) => errors[name as keyof TValues & string] !== undefined);
}

/** Binds a form machine to its view: the values and errors it holds, and the events fields send. */
export function useForm<TValues extends FormValues>(
  actor: FormActorRef<TValues>,
  canSubmit?: CanSubmit<TValues>,
): FormBindings<TValues> {
  const snapshot = useSelector(actor, (s) => s);
  const view = formView<TValues>(snapshot, canSubmit);
  return {
    ...view,
    field: (name) => ({
      name,
      value: view.values[name] ?? '',
      error: view.errors[name],
      disabled: view.submitting,
      onChange: (value) => actor.send({ type: 'field.change', name, value }),
      // Focus going to the form's submit button: the submit checks every field, and a message shown on the
      // way (at mouse-down) would move the button from under the pointer, losing the click.
      onBlur: (event) => {
        const next = event?.relatedTarget;
        if (next instanceof HTMLButtonElement && next.type === 'submit') return;
        actor.send({ type: 'field.blur', name });
      },
    }),
    onSubmit: (event) => {
      event.preventDefault();
      actor.send({ type: 'form.submit' });
      const after = actor.getSnapshot().context;
      const name = firstInvalid(after.values, after.errors);
      const input = name ? event.currentTarget.elements.namedItem(name) : null;
      if (input instanceof HTMLElement) input.focus();
    },
  };
}

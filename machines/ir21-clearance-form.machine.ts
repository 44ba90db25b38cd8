import {
  IR21_CLEARANCE_INITIAL_VALUES,
  type Ir21ClearanceBody,
  type Ir21ClearanceFormValues,
  ir21ClearanceBodySchema,
} from '../src/domain/ir21';
import { separationToasts } from '../src/domain/messages/separation';
import type { Separation } from '../src/domain/separation';
import { createFormMachine } from './form';

/** Whose clearance the form records. */
export interface Ir21ClearanceFormParams {
  userId: number;
}

/**
 * "Record IRAS clearance" on the Separation panel (issue 35 item 5): the day IRAS cleared the
 * employee and its reference; the server refuses a date before the notice, beside the date field.
 */
export const ir21ClearanceFormMachine = createFormMachine<
  Ir21ClearanceFormValues,
  Ir21ClearanceBody,
  Separation,
  Ir21ClearanceFormParams
>({
  id: 'ir21ClearanceForm',
  description: "Record IRAS's IR21 clearance: validated, then POST /users/{id}/ir21-clearance.",
  initialValues: IR21_CLEARANCE_INITIAL_VALUES,
  schema: ir21ClearanceBodySchema,
  request: {
    id: 'saveIr21Clearance',
    description: "POST /users/{id}/ir21-clearance; the button reads 'Processing...'.",
  },
  successToast: () => separationToasts.clearanceRecorded(),
  failureToast: separationToasts.clearanceFailed,
  afterSuccess: { description: 'Recorded: the withheld pay goes into the next bank file of its month.' },
});

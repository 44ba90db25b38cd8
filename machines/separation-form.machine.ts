import { separationToasts } from '../src/domain/messages/separation';
import {
  SEPARATION_INITIAL_VALUES,
  type Separation,
  type SeparationBody,
  type SeparationFormValues,
  separationFormSchema,
} from '../src/domain/separation';
import { createFormMachine } from './form';

/** Whose separation the form records, and whether an administrator records it or staff resign. */
export interface SeparationFormParams {
  userId: number;
  manage: boolean;
}

/**
 * The separation form of the Separation panel (issue 35 item 2): the reason, the notice date, the last
 * day and whether notice is served. Staff submit their own resignation with it, the reason fixed.
 */
export const separationFormMachine = createFormMachine<
  SeparationFormValues,
  SeparationBody,
  Separation,
  SeparationFormParams
>({
  id: 'separationForm',
  description: 'Record a separation or submit a resignation: validated, then POST /users/{id}/separation.',
  initialValues: SEPARATION_INITIAL_VALUES,
  schema: separationFormSchema,
  request: {
    id: 'saveSeparation',
    description: "POST /users/{id}/separation; the button reads 'Processing...'.",
  },
  successToast: (_, params) => (params.manage ? separationToasts.recorded() : separationToasts.requested()),
  failureToast: separationToasts.saveFailed,
  afterSuccess: { description: 'Saved: the panel shows the separation and what is due when.' },
});

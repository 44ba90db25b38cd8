import {
  PUBLIC_HOLIDAY_INITIAL_VALUES,
  type PublicHolidayBody,
  type PublicHolidayChange,
  type PublicHolidayFormValues,
  publicHolidayFormSchema,
} from '../src/domain/holidays';
import { holidayToasts } from '../src/domain/messages/holidays';
import { createFormMachine } from './form';

/**
 * The Add holiday form of the Public Holidays screen (issue 17, part 4): a date and a name. It finishes with
 * the server's answer (the holiday and the pending requests whose days it changed), which its parent,
 * machines/public-holidays.machine.ts, shows before making the form again, empty.
 */
export const publicHolidayFormMachine = createFormMachine<
  PublicHolidayFormValues,
  PublicHolidayBody,
  PublicHolidayChange
>({
  id: 'publicHolidayForm',
  description: 'Add holiday: a date and a name, validated, then POST /public-holidays.',
  initialValues: PUBLIC_HOLIDAY_INITIAL_VALUES,
  schema: publicHolidayFormSchema,
  request: {
    id: 'addHoliday',
    description: "Add holiday: POST /public-holidays; the button reads 'Processing...'.",
  },
  successToast: (change) => holidayToasts.added(change.name),
  failureToast: holidayToasts.addFailed,
  afterSuccess: {
    description: 'Added: the screen lists it and says which pending requests changed their days.',
  },
});

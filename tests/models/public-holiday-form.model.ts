import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { formModel, toasts, type Values } from './form.model';

/**
 * The Add holiday form of the Public Holidays screen (/admin/public-holidays; issue 17 part 4, decision
 * 0009): a date is required, and a real one from 2000 to 2100; a name is required (spaces are none), up to
 * 100 characters, sent trimmed; POST /public-holidays; 'Public holiday added' with the name, or 'Failed to
 * add the public holiday' with the server's reason.
 */
export const HOLIDAYS = '/api/public-holidays';

function errors(values: Values) {
  const date = values.date ?? '';
  const name = (values.name ?? '').trim();
  const inRange = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= '2000-01-01' && date <= '2100-12-31';
  return {
    date:
      date === ''
        ? 'Please enter a date.'
        : inRange
          ? undefined
          : 'Please enter a valid date from 2000 to 2100.',
    name:
      name === ''
        ? 'Please enter the holiday name.'
        : name.length > 100
          ? 'Name must be at most 100 characters.'
          : undefined,
  };
}

export const publicHolidayForm = formModel({
  id: 'publicHoliday',
  form: () => screen.queryByRole('form', { name: 'Add holiday' }),
  labels: { date: 'Date', name: 'Name' },
  dates: ['date'],
  initialValues: { date: '', name: '' },
  errors,
  submitLabel: 'Add holiday',
  sendingLabel: 'Processing...',
  request: {
    method: 'POST',
    path: HOLIDAYS,
    okStatus: 201,
    body: (v) => ({ date: v.date, name: (v.name ?? '').trim() }),
  },
  showsOpen(_app, model) {
    expect(window.location.pathname).toBe('/admin/public-holidays');
    if (model.answered === 'refused')
      expect(toasts().at(-1)).toEqual({
        title: 'Failed to add the public holiday',
        description: model.refusal,
      });
  },
  showsDone(_app, model) {
    expect(window.location.pathname).toBe('/admin/public-holidays');
    expect(toasts().at(-1)).toEqual({
      title: 'Public holiday added',
      description: model.values.name?.trim(),
    });
  },
});

import {
  DatePicker,
  type DatePickerValueChangeDetails,
  HStack,
  IconButton,
  Input,
  InputGroup,
  parseDate,
} from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { COMPANY_TIME_ZONE, formatDayMonthYear, isIsoDate, parseDayMonthYear } from '../domain/dates';
import { type FieldBinding, LabelledField } from './form-field';
import { CalendarIcon } from './icons';

/**
 * The one date control (issue 34): typed and shown day first, dd/mm/yyyy, whatever the browser's locale,
 * with Chakra's calendar beside it. The machine gets `YYYY-MM-DD` for a day, '' for nothing, and the text
 * as typed for anything else, so the form's own date rule says 'Please enter a valid date.' rather than
 * the field quietly holding no date.
 */

/** What the typed text means to the machine. */
const meaningOf = (text: string) => (text.trim() === '' ? '' : (parseDayMonthYear(text) ?? text));
/** The machine's value as the field shows it: a day as dd/mm/yyyy, anything else as it was typed. */
const shownAs = (value: string) => (isIsoDate(value) ? formatDayMonthYear(value) : value);
/** The calendar's day for a `YYYY-MM-DD` value; none for anything else (parseDate throws on 2026-02-31). */
const calendarDay = (value: string | undefined) => {
  try {
    return value && isIsoDate(value) ? parseDate(value) : undefined;
  } catch {
    return undefined;
  }
};

export interface DateInputProps {
  name: string;
  value: string;
  /** Earliest and latest day the calendar offers, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  onChange: (value: string) => void;
  onBlur?: (event: React.FocusEvent) => void;
}

/** The control alone, for a LabelledField (which gives it its label, error and id). */
export function DateInput({
  name,
  value,
  min,
  max,
  disabled,
  size = 'md',
  onChange,
  onBlur,
}: DateInputProps) {
  const [text, setText] = useState(() => shownAs(value));
  // A value from elsewhere (a reset, a prefill, the calendar) replaces what was typed.
  if (meaningOf(text) !== value && text !== shownAs(value)) setText(shownAs(value));
  // Set while the pointer opens the calendar: the field is not left yet, so it does not complain before a
  // day is picked. Tabbing on to the calendar's button does leave it.
  const toCalendar = useRef(false);
  const day = calendarDay(value);
  const pick = ({ value: [picked] }: DatePickerValueChangeDetails) => {
    const iso = picked ? picked.toString() : '';
    setText(shownAs(iso));
    onChange(iso);
  };
  return (
    <DatePicker.Root
      value={day ? [day] : []}
      onValueChange={pick}
      min={calendarDay(min)}
      max={calendarDay(max)}
      locale="en-SG"
      timeZone={COMPANY_TIME_ZONE}
      disabled={disabled}
      size={size}
      lazyMount
      unmountOnExit
      // Fixed, so a dialog's scrolling body does not clip the calendar.
      positioning={{ placement: 'bottom-end', strategy: 'fixed' }}
    >
      <DatePicker.Control>
        <InputGroup
          endElement={
            <DatePicker.Trigger asChild unstyled>
              <IconButton
                variant="ghost"
                size="xs"
                me="-2"
                aria-label="Choose from a calendar"
                onPointerDown={() => {
                  toCalendar.current = true;
                }}
              >
                <CalendarIcon />
              </IconButton>
            </DatePicker.Trigger>
          }
        >
          <Input
            name={name}
            value={text}
            size={size}
            placeholder="dd/mm/yyyy"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            disabled={disabled}
            onFocus={() => {
              toCalendar.current = false;
            }}
            onChange={(event) => {
              setText(event.target.value);
              onChange(meaningOf(event.target.value));
            }}
            onBlur={(event) => {
              // Typed loosely (2/11/2026, 02112026), shown as the app prints dates once left.
              setText(shownAs(meaningOf(text)));
              if (!toCalendar.current) onBlur?.(event);
              toCalendar.current = false;
            }}
          />
        </InputGroup>
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content>
          <DatePicker.View view="day">
            <HStack gap="1">
              <DatePicker.PrevTrigger />
              <DatePicker.MonthSelect flex="1" />
              <DatePicker.YearSelect flex="1" />
              <DatePicker.NextTrigger />
            </HStack>
            <DatePicker.DayTable />
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}

/** A date field bound to a form machine, in a LabelledField: the date counterpart of FormField. */
export function FormDateField({
  label,
  field,
  min,
  max,
  required,
}: {
  label: string;
  field: FieldBinding;
  min?: string;
  max?: string;
  /** Marks the label as the other required fields beside it are marked. */
  required?: boolean;
}) {
  return (
    <LabelledField label={label} error={field.error} disabled={field.disabled} required={required}>
      <DateInput
        name={field.name}
        value={field.value}
        min={min}
        max={max}
        disabled={field.disabled}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    </LabelledField>
  );
}

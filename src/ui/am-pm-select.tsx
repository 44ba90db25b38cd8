import { NativeSelect } from '@chakra-ui/react';
import { HALF_DAYS } from '../domain/leave-form';

/** Spec section 2, Reusable pieces: the AM/PM selector for half-day choices (AM unless told). */
export function AmPmSelect({
  id,
  name,
  value,
  disabled,
  onChange,
}: {
  id?: string;
  name: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field
        id={id}
        name={name}
        value={value || 'AM'}
        onChange={(e) => onChange(e.target.value)}
      >
        {HALF_DAYS.map((half) => (
          <option key={half} value={half}>
            {half}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

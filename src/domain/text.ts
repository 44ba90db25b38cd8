import { z } from 'zod';

/** C0 and C1 control characters (tabs and newlines included): no field of the product needs one. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
export const NO_CONTROL_CHARACTERS = 'Must not contain control characters.';

/** A single-line text of at most `max` characters, trimmed, without control characters. */
export function textSchema(max: number, messages: { required?: string } = {}) {
  const base = z
    .string(messages.required ? { error: messages.required } : undefined)
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), NO_CONTROL_CHARACTERS);
  return messages.required ? base.refine((value) => value.length > 0, messages.required) : base;
}

/** Optional text: absent, null or empty all mean "none" and are read as null. */
export function optionalTextSchema(max: number, pattern?: { regex: RegExp; message: string }) {
  const inner = pattern
    ? textSchema(max).refine((value) => value === '' || pattern.regex.test(value), pattern.message)
    : textSchema(max);
  return inner.nullish().transform((value) => (value ? value : null));
}

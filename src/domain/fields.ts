import { z } from 'zod';

/**
 * The building blocks every request and response schema uses, so that each string has a maximum
 * length and refuses control characters, and each id fits the database's int4 columns. A value
 * that passes these can reach PostgreSQL without a data error (22xxx) or an oversized index row.
 */

/** Largest value of a PostgreSQL `integer` column (ids are generated int4 identities). */
export const MAX_ID = 2_147_483_647;

export const MAX_LENGTH = {
  /** RFC 5321 path limit. */
  email: 254,
  name: 200,
  /** Reasons, notes, addresses: anything typed into a text area. */
  freeText: 2000,
  password: 256,
  /** Opaque tokens (reset links); ours are 43 characters. */
  token: 512,
  /** Search boxes and short codes. */
  search: 200,
} as const;

/** Any C0 or C1 control character, DEL included (NUL makes PostgreSQL refuse the whole statement). */
const CONTROL = /\p{Cc}/u;
/** The same, except tab and line breaks, which free text may hold. */
const CONTROL_EXCEPT_LINES = /[^\P{Cc}\t\n\r]/u;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** A string of at most `max` characters without control characters. Chain `.trim()`, `.min()` as needed. */
export function text(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), CONTROL_CHARACTER_MESSAGE);
}

/** Text typed into a text area: newlines and tabs are allowed, other control characters are not. */
export function freeText(max: number = MAX_LENGTH.freeText) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_EXCEPT_LINES.test(value), CONTROL_CHARACTER_MESSAGE);
}

export const emailText = () => text(MAX_LENGTH.email);
export const nameText = () => text(MAX_LENGTH.name);
export const passwordText = () => text(MAX_LENGTH.password);

/** A record id in a body or a response: an integer in 1..2147483647. */
export const idSchema = z.number().int().min(1).max(MAX_ID);

/**
 * A record id in a path or query string, where it arrives as text. Only plain decimal digits are
 * accepted (no '1e3', '0x10' or ' 7'), and the value must fit int4.
 */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a whole number from 1 to 2147483647')
  .transform(Number)
  .pipe(z.number().max(MAX_ID, 'must be a whole number from 1 to 2147483647'));

/** `{ id }` path parameters, the most common shape. */
export const idParams = z.object({ id: idParam });

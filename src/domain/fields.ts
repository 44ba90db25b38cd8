import * as z from 'zod/mini';
import { personNameProblem } from './payroll/statutory/names';

/**
 * The building blocks every request and response schema uses, so that each string has a maximum
 * length and refuses control characters, and each id fits the database's int4 columns. A value
 * that passes these can reach PostgreSQL without a data error (22xxx) or an oversized index row.
 *
 * Every schema in src/domain is written with zod's tree-shakable `zod/mini` API (`z.optional(text(..))`,
 * `.check(z.minLength(..))`), not the classic one: /login needs some of them, and zod's core is one module
 * whose every schema kind any screen uses is loaded with it. With the classic API anywhere in the web app,
 * every kind and string format it can build was there: about 7 kB gzip more on /login. The server may
 * use the classic API in its own files; both build the same schemas.
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

export interface TextOptions {
  /** Message when the value is missing or not a string (forms name their own). */
  error?: string;
  /** Message when the value is longer than `max`. */
  tooLong?: string;
  /** Trim the value (after the length and character checks, which read it as sent). */
  trim?: boolean;
  /** Refuse an empty value (empty once trimmed, with `trim`), with this message or zod's. */
  required?: string | true;
}

function textSchema(max: number, control: RegExp, options: TextOptions) {
  const { error, tooLong, trim, required } = options;
  return z.string(error ? { error } : undefined).check(
    z.maxLength(max, tooLong ?? `must be at most ${max} characters`),
    z.refine((value: string) => !control.test(value), CONTROL_CHARACTER_MESSAGE),
    ...(trim ? [z.trim()] : []),
    ...(required ? [z.minLength(1, required === true ? undefined : required)] : []),
  );
}

/** A string of at most `max` characters without control characters. */
export const text = (max: number, options: TextOptions = {}) => textSchema(max, CONTROL, options);

/** Text typed into a text area: newlines and tabs are allowed, other control characters are not. */
export const freeText = (max: number = MAX_LENGTH.freeText, options: TextOptions = {}) =>
  textSchema(max, CONTROL_EXCEPT_LINES, options);

export const emailText = (options?: TextOptions) => text(MAX_LENGTH.email, options);
/** Invisible format characters (bidi overrides, zero-width spaces ...), except the joiners some scripts' names need. */
const INVISIBLE_FORMAT = /[^\P{Cf}\u200C\u200D]/u;
export const NAME_INVISIBLE_MESSAGE = 'must not contain invisible or direction-changing characters';
export const NAME_LETTERS_MESSAGE = 'must contain letters';

/**
 * A person's name: stored in Unicode's composed form (NFC), so the same name typed on two devices is
 * one name; no bidi override that would show it reversed in lists and PDFs, and not invisible only.
 */
export const nameText = (options?: TextOptions) =>
  text(MAX_LENGTH.name, options).check(
    z.refine((value: string) => !INVISIBLE_FORMAT.test(value), NAME_INVISIBLE_MESSAGE),
    z.refine((value: string) => value === '' || /\p{L}/u.test(value), NAME_LETTERS_MESSAGE),
    z.normalize('NFC'),
  );
/**
 * A person's full name (register, profile): a name as above that every statutory and bank file can
 * carry (payroll/statutory/names.ts), so a character CPF refuses is caught on entry, beside the field,
 * and not on pay day. A value the checks above refuse already is not told twice.
 */
export const personNameText = (options?: TextOptions) =>
  nameText(options).check(
    z.superRefine((value: string, ctx) => {
      if (ctx.issues.length > 0 || value === '') return;
      const problem = personNameProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  );
export const passwordText = (options?: TextOptions) => text(MAX_LENGTH.password, options);

/** A record id in a body or a response: an integer in 1..2147483647. */
export const idSchema = z.number().check(z.int(), z.minimum(1), z.maximum(MAX_ID));

const ID_PARAM_MESSAGE = 'must be a whole number from 1 to 2147483647';
/**
 * A record id in a path or query string, where it arrives as text. Only plain decimal digits are
 * accepted (no '1e3', '0x10' or ' 7'), and the value must fit int4.
 */
export const idParam = z.pipe(
  z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/, ID_PARAM_MESSAGE)), z.transform(Number)),
  z.number().check(z.maximum(MAX_ID, ID_PARAM_MESSAGE)),
);

/** `{ id }` path parameters, the most common shape. */
export const idParams = z.object({ id: idParam });

/**
 * The error of a choice from a fixed list: a missing or empty value gets the form's own message
 * (the spec's 'Please fill in all compulsory fields.' and the like), while a value that is there but
 * not in the list names its field, so an API caller is not sent looking for a missing one.
 */
export const choiceError =
  (label: string, missing: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? missing
      : `${label} must be one of the allowed values.`;

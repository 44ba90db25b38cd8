import * as z from 'zod/mini';
import { INVALID_DATE } from './dates';

/**
 * Date fields of the forms and requests. Apart from ./dates (dates as text), which the PDF worker
 * thread loads, so that it starts without loading zod.
 */

/** A `YYYY-MM-DD` date; missing or empty gives the form's own "required" message. */
export const requiredDateSchema = (required: string) =>
  z.iso.date({
    error: (issue) => (issue.input === undefined || issue.input === '' ? required : INVALID_DATE),
  });

/** An optional `YYYY-MM-DD` date: absent, null and '' all mean none (null). */
export const optionalDateSchema = z.pipe(
  z.nullish(z.union([z.iso.date({ error: INVALID_DATE }), z.literal('')])),
  z.transform((value: string | null | undefined) => value || null),
);

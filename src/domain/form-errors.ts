import type { z } from 'zod';

/** A form's messages by field name: the first message for each field, as it shows beside the field. */
export type FieldErrors = Record<string, string>;

/** Reads a schema's verdict on a form's values as one message per field (the first issue wins). */
export function fieldErrorsOf(result: z.ZodSafeParseResult<unknown>): FieldErrors {
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

import { type core, safeParse } from 'zod/mini';

/** What a form holds while the user types: every field is text until the schema reads it. */
export type FormValues = Record<string, string>;

/** One message per field, the first the schema gives: a field shows one error at a time. */
export type FieldErrors<TValues extends FormValues> = Partial<Record<keyof TValues & string, string>>;

/** A zod schema that reads a form's text values into what the request needs. */
export type FormSchema<TValues extends FormValues, TData> = core.$ZodType<TData, TValues>;

export type FormValidation<TValues extends FormValues, TData> =
  | { success: true; data: TData; errors: FieldErrors<TValues> }
  | { success: false; errors: FieldErrors<TValues> };

/**
 * Runs a form schema and files its issues under the fields they name. Issues without a field of the form
 * (a refinement of the whole object without a path) are a schema bug: every message belongs beside a field.
 */
export function validateForm<TValues extends FormValues, TData>(
  schema: FormSchema<TValues, TData>,
  values: TValues,
): FormValidation<TValues, TData> {
  const result = safeParse(schema, values);
  if (result.success) return { success: true, data: result.data, errors: {} };
  const errors: FieldErrors<TValues> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name !== 'string' || !(name in values)) {
      throw new Error(`Form schema issue without a field: ${issue.message}`);
    }
    errors[name as keyof TValues & string] ??= issue.message;
  }
  return { success: false, errors };
}

import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, numeric, text } from 'drizzle-orm/pg-core';
import { hasTreatmentChoice, PAY_ITEM_SOURCES, payItemKinds, payItemTypesByKind } from '../../domain/payroll';

/**
 * Columns of `pay_items` beside its table in schema.ts (kept under 500 lines). Only drizzle-orm and the
 * domain are imported here, so schema.ts can read this file without a cycle.
 */

export const TYPES_WITH_TREATMENT_CHOICE = payItemKinds
  .flatMap((kind) => payItemTypesByKind[kind])
  .filter(hasTreatmentChoice);

/**
 * Where a generated item came from (null: typed by the administrator) and the hours it pays, which the
 * itemised payslip prints (issue 36).
 */
export const payItemOrigin = () => ({
  source: text('source', { enum: PAY_ITEM_SOURCES }),
  hours: numeric('hours', { precision: 6, scale: 2, mode: 'number' }),
});

export const payItemOriginCheck = (t: { source: AnyPgColumn; hours: AnyPgColumn }) =>
  check(
    'pay_items_origin_check',
    sql`(${t.source} is null or ${t.source} in (${sql.raw(PAY_ITEM_SOURCES.map((s) => `'${s}'`).join(', '))}))
      and (${t.hours} is null or ${t.hours} > 0)`,
  );

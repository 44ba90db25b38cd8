import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

/**
 * Migration 0012 (issue 32): employees at a two-code bank with no bank code stored were paid to the
 * wholesale code; the migration writes the retail code the files now use by default, and leaves a
 * stored code alone. The retail codes are the brief's (SCB 9496, HSBC 9548, Citibank 9201) and, for
 * Maybank, C11's code whose one branch is "MSL" (Maybank Singapore Limited).
 */
const sql = readFileSync(
  new URL('../../src/server/db/migrations/0012_two_code_banks_retail.sql', import.meta.url),
  'utf8',
);

describe('migration 0012: two-code banks default to the retail entity', () => {
  it('writes the retail code where none is stored, and keeps a stored one', { timeout: 60_000 }, async () => {
    const db = new PGlite();
    await db.exec('create table payment_info (user_id integer primary key, bank_name text, bank_code text)');
    await db.exec(`insert into payment_info values
      (1, 'Standard Chartered', null), (2, 'HSBC', ''), (3, 'Citibank', null), (4, 'Maybank', '  '),
      (5, 'Standard Chartered', '7144'), (6, 'HSBC', '7232'), (7, 'DBS', null), (8, null, null)`);
    await db.exec(sql);
    const { rows } = await db.query<{ user_id: number; bank_code: string | null }>(
      'select user_id, bank_code from payment_info order by user_id',
    );
    expect(rows.map((row) => row.bank_code)).toEqual([
      '9496',
      '9548',
      '9201',
      '9636',
      '7144',
      '7232',
      null,
      null,
    ]);
    await db.close();
  });
});

import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

/**
 * Migration 0015 (issue 32.7): payslips processed before it get the identity the files now read from
 * the person's values as they are at the migration; payslips not processed get none (processing
 * writes theirs); a processed payslip whose person has no staff or payment information still gets
 * one, so it stays in its month's files, which then name what is missing.
 */
const sql = readFileSync(
  new URL('../../src/server/db/migrations/0015_payslip_identities.sql', import.meta.url),
  'utf8',
);

describe('migration 0015: processed payslips keep whom they paid', () => {
  it('fills every processed payslip from the current values, and no other', { timeout: 60_000 }, async () => {
    const db = new PGlite();
    await db.exec(`
      create table users (id integer primary key, full_name text not null);
      create table staff_info (user_id integer primary key, nric text not null, nationality text not null);
      create table payment_info (user_id integer primary key, bank_name text, bank_code text,
        branch_code text, account_no text);
      create table payslips (id integer primary key, user_id integer not null, status text not null);
      insert into users values (1, 'Tan Wei Ming'), (2, 'Priya d/o Raman');
      insert into staff_info values (1, 'S8012345J', 'SINGAPORE CITIZEN');
      insert into payment_info values (1, 'OCBC', '7339', '501', '123456789');
      insert into payslips values (10, 1, 'PROCESSED'), (11, 1, 'ITEMS_ADDED'), (12, 2, 'PROCESSED'),
        (13, 2, 'UNPROCESSED');`);
    await db.exec(sql);
    const { rows } = await db.query('select * from payslip_identities order by payslip_id');
    expect(rows).toEqual([
      {
        payslip_id: 10,
        full_name: 'Tan Wei Ming',
        id_number: 'S8012345J',
        nationality: 'SINGAPORE CITIZEN',
        bank_name: 'OCBC',
        bank_code: '7339',
        branch_code: '501',
        account_no: '123456789',
      },
      {
        payslip_id: 12,
        full_name: 'Priya d/o Raman',
        id_number: null,
        nationality: null,
        bank_name: null,
        bank_code: null,
        branch_code: null,
        account_no: null,
      },
    ]);
    await db.close();
  });
});

import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

/**
 * Migration 0016 (issue 32): items added before a travel allowance or an other payment said
 * how it was paid were computed outside CPF, as reimbursements, and keep that treatment; from then on
 * those two types always carry one, and the other types none.
 */
const migration = (name: string) =>
  readFileSync(new URL(`../../src/server/db/migrations/${name}.sql`, import.meta.url), 'utf8');

describe('migration 0016: the treatment of pay items', () => {
  it('reads the items already stored as reimbursements, then holds every item to its type', {
    timeout: 60_000,
  }, async () => {
    const db = new PGlite();
    await db.exec('create table pay_items (id integer primary key, type text not null)');
    await db.exec(`insert into pay_items values
      (1, 'OVERTIME'), (2, 'TRAVEL_ALLOWANCE'), (3, 'OTHER'), (4, 'MEDICAL_CLAIM'), (5, 'SKILL_ALLOWANCE')`);
    await db.exec(migration('0016_pay_item_treatment'));
    const { rows } = await db.query<{ treatment: string | null }>(
      'select treatment from pay_items order by id',
    );
    expect(rows.map((row) => row.treatment)).toEqual([null, 'REIMBURSEMENT', 'REIMBURSEMENT', null, null]);

    await db.exec(`insert into pay_items values (6, 'TRAVEL_ALLOWANCE', 'WAGE'), (7, 'LOAN', null)`);
    for (const refused of [
      `(8, 'TRAVEL_ALLOWANCE', null)`,
      `(9, 'OTHER', 'PERK')`,
      `(10, 'OVERTIME', 'WAGE')`,
      `(11, 'MEDICAL_CLAIM', 'REIMBURSEMENT')`,
    ]) {
      await expect(db.exec(`insert into pay_items values ${refused}`), refused).rejects.toThrow(
        /pay_items_treatment_check/,
      );
    }
    await db.close();
  });
});

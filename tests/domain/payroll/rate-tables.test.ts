import {
  type CpfAgeBand,
  cpfAgeBands,
  cpfRateSchedules,
  shgTables,
  wageCeilings,
} from '../../../src/domain/payroll';

const ordered = (rows: readonly { from: string; to: string }[]) =>
  rows.every((row, index) => row.from <= row.to && (index === 0 || (rows[index - 1]?.to ?? '') < row.from));

describe('the dated tables', () => {
  it('do not overlap and run in order', () => {
    expect(ordered(wageCeilings)).toBe(true);
    expect(ordered(cpfRateSchedules)).toBe(true);
  });

  it('cover every month of 2023 to 2026 with a wage ceiling', () => {
    expect(wageCeilings[0]?.from).toBe('2023-01');
    expect(wageCeilings.at(-1)?.to).toBe('2026-12');
  });

  it('have every table and band for 2025 and 2026', () => {
    for (const schedule of cpfRateSchedules.filter((candidate) => candidate.from >= '2025-01')) {
      for (const table of ['TABLE1', 'PR1_GG', 'PR2_GG', 'PR1_FG', 'PR2_FG'] as const) {
        for (const band of cpfAgeBands) {
          expect(schedule.tables[table]?.[band], `${schedule.from} ${table} ${band}`).toBeDefined();
        }
      }
    }
  });

  it('phase the employee share in at 3 x the employee rate on every row (cpf-facts s.3)', () => {
    for (const schedule of cpfRateSchedules) {
      for (const [table, rows] of Object.entries(schedule.tables)) {
        for (const [band, row] of Object.entries(rows ?? {})) {
          // Compared in integer thousandths of a percent to keep the check exact.
          expect(Math.round(row.phaseIn * 100_000), `${schedule.from} ${table} ${band}`).toBe(
            3 * Math.round(row.employee * 1_000),
          );
        }
      }
    }
  });

  it('give F/G tables the full Table 1 employer rate of the same year', () => {
    for (const schedule of cpfRateSchedules) {
      for (const table of ['PR1_FG', 'PR2_FG'] as const) {
        for (const [band, row] of Object.entries(schedule.tables[table] ?? {})) {
          expect(row.employer, `${schedule.from} ${table} ${band}`).toBe(
            schedule.tables.TABLE1?.[band as CpfAgeBand]?.employer,
          );
        }
      }
    }
  });

  it('merge 65-70 and above 70 in the G/G tables', () => {
    for (const schedule of cpfRateSchedules) {
      for (const table of ['PR1_GG', 'PR2_GG'] as const) {
        const rows = schedule.tables[table];
        if (rows) expect(rows['65_70']).toEqual(rows.GT70);
      }
    }
  });

  it('end every self-help group table with an open band, bounds rising', () => {
    for (const table of Object.values(shgTables)) {
      const bounds = table.bands.map((band) => band.upToCents);
      expect(bounds.at(-1)).toBeNull();
      const closed = bounds.slice(0, -1) as number[];
      expect(closed.every((bound, index) => index === 0 || bound > (closed[index - 1] ?? 0))).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  countMutants,
  type MutationReport,
  mergeRecord,
  mutatedFiles,
  onlyFiles,
  tableRow,
} from '../../src/cli/mutate-changed';

const mutants = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe('npm run mutate:changed', () => {
  it('mutates the TypeScript files under machines/ and src/domain that stryker.config.json mutates', () => {
    expect(
      mutatedFiles([
        'machines/list.machine.ts',
        'src/domain/nric.ts',
        'src/domain/payroll/cpf.ts',
        'src/domain/vectors.d.ts',
        'src/domain/README.md',
        'src/server/app.ts',
        'tests/domain/nric.test.ts',
        'docs/mutation-testing.md',
        'src/domain/nric.ts',
      ]),
    ).toEqual(['machines/list.machine.ts', 'src/domain/nric.ts', 'src/domain/payroll/cpf.ts']);
  });

  it("counts as Stryker's score does: detected over valid, without ignored or erroring mutants", () => {
    const report = {
      files: {
        'src/domain/a.ts': { mutants: mutants('Killed', 'Killed', 'Timeout', 'Survived', 'Ignored') },
        'src/domain/b.ts': { mutants: mutants('NoCoverage', 'Killed', 'CompileError', 'RuntimeError') },
      },
    };
    const counts = countMutants(report);
    expect(counts).toMatchObject({
      mutants: 9,
      killed: 3,
      timeout: 1,
      survived: 1,
      noCoverage: 1,
      ignored: 1,
    });
    expect(counts.errors).toBe(2);
    // (3 killed + 1 timeout) / (3 + 1 + 1 survived + 1 without coverage)
    expect(counts.score).toBeCloseTo((100 * 4) / 6, 10);
    expect(countMutants(report, ['src/domain/b.ts']).score).toBe(50);
    expect(countMutants({ files: {} }).score).toBe(100);
  });

  it("folds a narrowed run into the record: that run's files and test files replace the old, the others stay", () => {
    const at = (line: number) => ({ start: { line, column: 3 } });
    // Each run numbers its tests and mutants from 0.
    const record: MutationReport = {
      schemaVersion: '1',
      files: {
        'a.ts': { mutants: [{ id: '0', status: 'Survived', coveredBy: ['0'] }] },
        'b.ts': { mutants: [{ id: '1', status: 'Killed', killedBy: ['1'], coveredBy: ['1', '2'] }] },
      },
      testFiles: {
        'a.test.ts': { source: 'old a', tests: [{ id: '0', name: 'a', location: at(1) }] },
        'b.test.ts': {
          source: 'b',
          tests: [
            { id: '1', name: 'b', location: at(1) },
            { id: '2', name: 'b2', location: at(5) },
          ],
        },
      },
    };
    const fresh: MutationReport = {
      schemaVersion: '2',
      files: { 'a.ts': { mutants: [{ id: '0', status: 'Killed', killedBy: ['1'], coveredBy: ['0', '1'] }] } },
      testFiles: {
        'a.test.ts': { source: 'new a', tests: [{ id: '0', name: 'a', location: at(1) }] },
        // The same test file, unchanged, with the ids of this run; b2 did not run this time.
        'b.test.ts': { source: 'b', tests: [{ id: '1', name: 'b', location: at(1) }] },
      },
    };
    const merged = mergeRecord(record, fresh);
    expect(merged.schemaVersion).toBe('2');
    expect(merged.testFiles).toEqual({
      'a.test.ts': { source: 'new a', tests: [{ id: '0', name: 'a', location: at(1) }] },
      'b.test.ts': { source: 'b', tests: [{ id: '1', name: 'b', location: at(1) }] },
    });
    expect(merged.files).toEqual({
      'a.ts': { mutants: [{ id: '0', status: 'Killed', killedBy: ['1'], coveredBy: ['0', '1'] }] },
      // b.ts keeps its result; its killing test is found again in the kept b.test.ts, b2 is gone.
      'b.ts': { mutants: [{ id: '1', status: 'Killed', killedBy: ['1'], coveredBy: ['1'] }] },
    });
    const ids = Object.values(merged.files).flatMap((file) => file.mutants.map((mutant) => mutant.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(mergeRecord(undefined, fresh)).toEqual(fresh);
    // A run reads the record narrowed to its files, as Stryker scores every file of its incremental file.
    expect(Object.keys(onlyFiles(merged, ['b.ts']).files)).toEqual(['b.ts']);
    expect(onlyFiles(merged, ['b.ts']).testFiles).toBe(merged.testFiles);
  });

  it('writes a row of the table in docs/mutation-testing.md, ignored mutants left out of the count', () => {
    const counts = countMutants({ files: { 'a.ts': { mutants: mutants('Killed', 'Survived', 'Ignored') } } });
    expect(tableRow('2026-11-30', 'src/domain', counts, '3 min')).toBe(
      '| 2026-11-30 | src/domain | 2 | 1 | 1 | 0 | 0 | 50.00% | 3 min |',
    );
  });
});

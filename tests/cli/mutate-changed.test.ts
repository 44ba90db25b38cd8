import { describe, expect, it } from 'vitest';
import {
  countMutants,
  type MutationReport,
  mergeRecord,
  mutatedFiles,
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

  it("folds a narrowed run into the record: that run's files and test files replaced, the others kept", () => {
    const record: MutationReport = {
      schemaVersion: '1',
      files: { 'a.ts': { mutants: mutants('Survived') }, 'b.ts': { mutants: mutants('Killed') } },
      testFiles: { 'a.test.ts': { tests: [] }, 'b.test.ts': { tests: [] } },
    };
    const fresh: MutationReport = {
      schemaVersion: '2',
      files: { 'a.ts': { mutants: mutants('Killed') } },
      testFiles: { 'a.test.ts': { tests: [{ id: '1' }] } },
    };
    expect(mergeRecord(record, fresh)).toEqual({
      schemaVersion: '2',
      files: { 'a.ts': { mutants: mutants('Killed') }, 'b.ts': { mutants: mutants('Killed') } },
      testFiles: { 'a.test.ts': { tests: [{ id: '1' }] }, 'b.test.ts': { tests: [] } },
    });
    expect(mergeRecord(undefined, fresh)).toBe(fresh);
  });

  it('writes a row of the table in docs/mutation-testing.md, ignored mutants left out of the count', () => {
    const counts = countMutants({ files: { 'a.ts': { mutants: mutants('Killed', 'Survived', 'Ignored') } } });
    expect(tableRow('2026-11-30', 'src/domain', counts, '3 min')).toBe(
      '| 2026-11-30 | src/domain | 2 | 1 | 1 | 0 | 0 | 50.00% | 3 min |',
    );
  });
});

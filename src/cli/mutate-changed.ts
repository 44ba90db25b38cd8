import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `npm run mutate:changed`: StrykerJS on the files under machines/ and src/domain that differ from a base
// commit, reusing the committed incremental record for every mutant whose code and tests did not change.
// It fails when the mutation score of those files is under `thresholds.break` (stryker.config.json), and
// exits 0 with a message when no such file changed. docs/mutation-testing.md says how it is used in CI.
//
//   npm run mutate:changed                    # files changed since HEAD~1 (the last commit), and uncommitted ones
//   npm run mutate:changed -- --base main     # files changed since the merge base with main
//   npm run mutate:changed -- --domain-only   # src/domain files only (the machines' walks take minutes per mutant)
//   npm run mutate:changed -- --record        # also fold the results into the committed record
//   npm run mutate:changed -- --row           # print the docs table row of the last report, run nothing
//   npm run mutate:changed -- --fold reports/mutation/mutation.json   # fold a full run's report into the record

/** The committed incremental record: every mutant's last result, with the source it was found in. */
export const RECORD_FILE = 'docs/mutation/stryker-incremental.json';
/** Where Stryker reads and writes the incremental file during a run (reports/ is not committed). */
export const WORKING_FILE = 'reports/stryker-incremental.json';
/** The json reporter's default output. */
export const REPORT_FILE = 'reports/mutation/mutation.json';

/** The files `stryker.config.json` mutates, out of a list of repository paths. */
export function mutatedFiles(paths: readonly string[]): string[] {
  const wanted = (path: string) =>
    (path.startsWith('machines/') || path.startsWith('src/domain/')) &&
    path.endsWith('.ts') &&
    !path.endsWith('.d.ts');
  return [...new Set(paths.filter(wanted))].sort();
}

interface ReportMutant {
  id?: string;
  status: string;
  killedBy?: string[];
  coveredBy?: string[];
}
interface ReportFile {
  mutants: ReportMutant[];
}
interface ReportTest {
  id: string;
  name: string;
  location?: { start: { line: number; column: number } };
}
interface ReportTestFile {
  source?: string;
  tests: ReportTest[];
}
export interface MutationReport {
  files: Record<string, ReportFile>;
  testFiles?: Record<string, ReportTestFile>;
  [key: string]: unknown;
}

export interface MutationCounts {
  mutants: number;
  killed: number;
  survived: number;
  timeout: number;
  noCoverage: number;
  ignored: number;
  errors: number;
  /** (killed + timeout) / (killed + timeout + survived + no coverage), in percent: Stryker's mutation score. */
  score: number;
}

/** The counts Stryker's score table prints, from a mutation-testing report. */
export function countMutants(
  report: Pick<MutationReport, 'files'>,
  only?: readonly string[],
): MutationCounts {
  const counts = { mutants: 0, killed: 0, survived: 0, timeout: 0, noCoverage: 0, ignored: 0, errors: 0 };
  for (const [name, file] of Object.entries(report.files)) {
    if (only && !only.includes(name)) continue;
    for (const { status } of file.mutants) {
      counts.mutants += 1;
      if (status === 'Killed') counts.killed += 1;
      else if (status === 'Survived') counts.survived += 1;
      else if (status === 'Timeout') counts.timeout += 1;
      else if (status === 'NoCoverage') counts.noCoverage += 1;
      else if (status === 'Ignored') counts.ignored += 1;
      else counts.errors += 1; // CompileError, RuntimeError: not valid mutants, left out of the score
    }
  }
  const detected = counts.killed + counts.timeout;
  const valid = detected + counts.survived + counts.noCoverage;
  return { ...counts, score: valid === 0 ? 100 : (100 * detected) / valid };
}

/** One row of the table in docs/mutation-testing.md. */
export function tableRow(date: string, scope: string, counts: MutationCounts, duration: string): string {
  const cells = [
    date,
    scope,
    counts.mutants - counts.ignored,
    counts.killed,
    counts.survived,
    counts.timeout,
    counts.noCoverage,
    `${counts.score.toFixed(2)}%`,
    duration,
  ];
  return `| ${cells.join(' | ')} |`;
}

/**
 * The record with the fresh run's results put in. A narrowed run's report holds only the files it mutated and
 * the test files it ran, and numbers its tests and mutants from 0, as every run does; Stryker's incremental
 * reader looks tests up by id across the whole report. So each source file and test file is taken from the
 * newer report holding it, every test and mutant is numbered afresh, and a kept mutant's killing and covering
 * tests are found again by file, name and position in the test file kept; a test not found (its file changed
 * between the two runs) is dropped, which makes Stryker test that mutant again rather than reuse it.
 */
export function mergeRecord(record: MutationReport | undefined, fresh: MutationReport): MutationReport {
  const reports = record ? [fresh, record] : [fresh]; // newest first
  const testKey = (file: string, test: ReportTest) =>
    `${file}@${test.location?.start.line ?? '?'}:${test.location?.start.column ?? '?'}\n${test.name}`;

  const testFiles: Record<string, ReportTestFile> = {};
  const idByKey = new Map<string, string>();
  let nextTest = 0;
  for (const report of reports) {
    for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
      if (testFiles[file]) continue;
      testFiles[file] = {
        ...testFile,
        tests: testFile.tests.map((test) => {
          const id = String(nextTest++);
          idByKey.set(testKey(file, test), id);
          return { ...test, id };
        }),
      };
    }
  }

  const files: Record<string, ReportFile> = {};
  let nextMutant = 0;
  for (const report of reports) {
    const keyById = new Map<string, string>();
    for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
      for (const test of testFile.tests) keyById.set(test.id, testKey(file, test));
    }
    const remap = (ids: string[] | undefined) =>
      ids?.flatMap((id) => {
        const found = idByKey.get(keyById.get(id) ?? '');
        return found === undefined ? [] : [found];
      });
    for (const [file, result] of Object.entries(report.files)) {
      if (files[file]) continue;
      files[file] = {
        ...result,
        mutants: result.mutants.map((mutant) => ({
          ...mutant,
          id: String(nextMutant++),
          ...(mutant.killedBy ? { killedBy: remap(mutant.killedBy) } : {}),
          ...(mutant.coveredBy ? { coveredBy: remap(mutant.coveredBy) } : {}),
        })),
      };
    }
  }
  return { ...fresh, files, testFiles };
}

/** The report narrowed to some source files (every test file kept, for the tests they cite). */
export function onlyFiles(report: MutationReport, files: readonly string[]): MutationReport {
  return {
    ...report,
    files: Object.fromEntries(Object.entries(report.files).filter(([name]) => files.includes(name))),
  };
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
}

/** Tracked files that differ from `base` (committed or not) and untracked new ones, under the mutated folders. */
export function changedSince(root: string, base: string): string[] {
  const changed = git(root, 'diff', '--name-only', '--diff-filter=AMR', base, '--', 'machines', 'src/domain');
  const untracked = git(root, 'ls-files', '--others', '--exclude-standard', '--', 'machines', 'src/domain');
  return mutatedFiles([...changed.split('\n'), ...untracked.split('\n')].filter(Boolean));
}

function baseCommit(root: string, base: string): string | undefined {
  try {
    // A branch name means "since we parted from it"; a commit (HEAD~1) is itself.
    return git(root, 'merge-base', base, 'HEAD');
  } catch {
    return undefined;
  }
}

function readReport(path: string): MutationReport | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as MutationReport) : undefined;
}

function main(argv: string[]): number {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const at = (path: string) => join(root, path);
  const flag = (name: string) => argv.includes(name);
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };

  if (flag('--row')) {
    const report = readReport(at(REPORT_FILE));
    if (!report) {
      console.error(`No ${REPORT_FILE}: run \`npm run mutate\` (or this script) first.`);
      return 1;
    }
    const date = new Date().toISOString().slice(0, 10);
    console.log(tableRow(date, option('--scope') ?? '?', countMutants(report), option('--duration') ?? '?'));
    return 0;
  }

  if (flag('--fold')) {
    // Reports of earlier runs (a full `npm run mutate` writes reports/mutation/mutation.json), oldest first.
    const reports = argv.slice(argv.indexOf('--fold') + 1).filter((arg) => !arg.startsWith('--'));
    let record = readReport(at(RECORD_FILE));
    for (const path of reports) {
      const report = readReport(resolve(path));
      if (!report) {
        console.error(`mutate:changed: no report at ${path}`);
        return 1;
      }
      record = mergeRecord(record, report);
      console.log(tableRow('-', path, countMutants(report), '-'));
    }
    if (record) {
      mkdirSync(dirname(at(RECORD_FILE)), { recursive: true });
      writeFileSync(at(RECORD_FILE), `${JSON.stringify(record)}\n`);
      console.log(`mutate:changed: ${RECORD_FILE} now holds ${Object.keys(record.files).length} file(s).`);
    }
    return 0;
  }

  const base = option('--base') ?? process.env.MUTATE_BASE ?? 'HEAD~1';
  const commit = baseCommit(root, base);
  if (!commit) {
    console.error(
      `mutate:changed: cannot find the base ${base} in this clone (a shallow clone, or the first commit). ` +
        'Fetch more history or name a base with --base <commit> or MUTATE_BASE.',
    );
    return 2;
  }
  const files = changedSince(root, commit);
  if (files.length === 0) {
    console.log(
      `mutate:changed: no file under machines/ or src/domain changed since ${base}; nothing to mutate.`,
    );
    return 0;
  }
  console.log(`mutate:changed: ${files.length} file(s) changed since ${base}:\n  ${files.join('\n  ')}`);

  const groups = [
    // The domain rules against the `unit` project: their own tests, no rendering (docs/mutation-testing.md).
    { name: 'src/domain', projects: 'unit', files: files.filter((file) => file.startsWith('src/domain/')) },
    // The statecharts against the walks that render them as well (minutes per file): left out with --domain-only.
    {
      name: 'machines',
      projects: 'unit,dom',
      files: flag('--domain-only') ? [] : files.filter((file) => file.startsWith('machines/')),
    },
  ].filter((group) => group.files.length > 0);
  const skipped = flag('--domain-only') ? files.filter((file) => file.startsWith('machines/')) : [];
  if (skipped.length > 0) {
    console.log(`mutate:changed: --domain-only, not mutated here: ${skipped.join(', ')}`);
  }
  if (groups.length === 0) return 0;

  mkdirSync(dirname(at(WORKING_FILE)), { recursive: true });
  let record = readReport(at(RECORD_FILE));
  let status = 0;
  for (const group of groups) {
    // Each run reads a copy of the record that holds only the group's files: Stryker puts every file of its
    // incremental file into its report and score, so with the whole record the break threshold would be
    // checked on every recorded file rather than on the changed ones. The results are folded back below.
    if (record) writeFileSync(at(WORKING_FILE), JSON.stringify(onlyFiles(record, group.files)));
    else rmSync(at(WORKING_FILE), { force: true });
    rmSync(at(REPORT_FILE), { force: true });
    const started = Date.now();
    const stryker = spawnSync(
      'npx',
      [
        'stryker',
        'run',
        '--mutate',
        group.files.join(','),
        '--incremental',
        '--incrementalFile',
        WORKING_FILE,
        '--reporters',
        'clear-text,json,progress-append-only',
        ...(process.env.MUTATE_CONCURRENCY ? ['--concurrency', process.env.MUTATE_CONCURRENCY] : []),
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, MUTATE_PROJECTS: group.projects } },
    );
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    // Stryker's own exit code: 1 when the score is under thresholds.break, or when the run failed.
    status ||= stryker.status ?? 1;
    // The json reporter writes the same report as the incremental file, and only when the run got to the end.
    const fresh = readReport(at(REPORT_FILE));
    if (!fresh) continue;
    const counts = countMutants(fresh, group.files);
    console.log(
      `mutate:changed: ${group.name}: ${group.files.length} file(s), ${counts.mutants - counts.ignored} mutants ` +
        `(${counts.killed} killed, ${counts.survived} survived, ${counts.timeout} timed out, ` +
        `${counts.noCoverage} without coverage), score ${counts.score.toFixed(2)}%, ${minutes} min`,
    );
    record = mergeRecord(record, fresh);
  }
  if (flag('--record') && record) {
    mkdirSync(dirname(at(RECORD_FILE)), { recursive: true });
    writeFileSync(at(RECORD_FILE), `${JSON.stringify(record)}\n`);
    console.log(`mutate:changed: results folded into ${RECORD_FILE}; commit it with the change.`);
  }
  return status;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}

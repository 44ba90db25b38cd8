import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Rules of the codebase's shape (decision 0004, issue on statecharts owning the behaviour), checked on
// the source text so a change that breaks one fails here, whatever the tests of behaviour see.
const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const files = [...sourceFiles('src'), ...sourceFiles('machines')];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// The statuses of spec sections 3 and 4, and the withdrawal of leave (issue 34).
const STATUS_LITERAL =
  /(['"`])(PENDING|APPROVED|REJECTED|WITHDRAWAL_REQUESTED|WITHDRAWN|UNPROCESSED|ITEMS_ADDED|PROCESSED)\1/;

// Where the statuses are declared: the lifecycles, the enum lists and the database's definition.
const declaresStatuses = (file: string) =>
  (file.startsWith('src/domain/lifecycles/') && file.endsWith('.lifecycle.ts')) ||
  file === 'src/domain/enums.ts' ||
  file === 'src/server/db/schema.ts' ||
  file.startsWith('src/server/db/migrations/');

// A payslip e-mail's statuses. Their words also name screen states ('failed', 'sent') and an e-mail job's
// statuses, so they are checked where the sends are read and written: the server and the domain rules.
const EMAIL_STATUS_LITERAL = /(['"`])(queued|sending|sent|failed)\1/;
const EMAIL_STATUSES_CHECKED_IN = (file: string) =>
  file.startsWith('src/server/') || file.startsWith('src/domain/');
const DECLARES_JOB_STATUSES = 'src/domain/payslip-emails.ts';

describe('the lifecycles are the only writers and readers of status', () => {
  it('finds the source files', () => {
    expect(files).toContain('src/domain/lifecycles/payslip.lifecycle.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('no status literal outside the lifecycles, the enum lists and the schema', () => {
    const offending = files
      .filter((file) => !declaresStatuses(file))
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => !/^(\/\/|\/\*|\*)/.test(text) && STATUS_LITERAL.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
  });

  it('no payslip e-mail status literal in the server or the domain rules outside the e-mail lifecycle', () => {
    const offending = files
      .filter(
        (file) =>
          EMAIL_STATUSES_CHECKED_IN(file) && !declaresStatuses(file) && file !== DECLARES_JOB_STATUSES,
      )
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => !/^(\/\/|\/\*|\*)/.test(text) && EMAIL_STATUS_LITERAL.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
    expect(files.filter(EMAIL_STATUSES_CHECKED_IN)).toContain('src/server/services/payroll/emails.ts');
  });

  it('the check would see an e-mail status written or compared in SQL or in code', () => {
    expect(EMAIL_STATUS_LITERAL.test(".set({ status: last ? 'failed' : 'queued' })")).toBe(true);
    expect(EMAIL_STATUS_LITERAL.test("where e.status = 'sent' and e.sent_at is null")).toBe(true);
    expect(EMAIL_STATUS_LITERAL.test("if (row?.status === 'sending') throw")).toBe(true);
    expect(EMAIL_STATUS_LITERAL.test("payslipEmailStatusHasTag(row.status, 'inHand')")).toBe(false);
  });

  it('the check would see a comparison written in a view', () => {
    expect(STATUS_LITERAL.test("{row.status === 'PENDING' && (")).toBe(true);
    expect(STATUS_LITERAL.test('status: `PROCESSED`')).toBe(true);
    expect(STATUS_LITERAL.test("leaveStatusHasTag(status, 'taken')")).toBe(false);
  });
});

// Imports run one way: the domain rules (lifecycles included) are the floor and import no floor above
// them; the statecharts import the domain, never the server or the screens that run them.
const FLOORS_ABOVE: Record<string, readonly string[]> = {
  'src/domain/': ['machines/', 'src/server/', 'src/views/', 'src/app/', 'src/actors/', 'src/api/'],
  'machines/': ['src/server/', 'src/views/', 'src/app/'],
};

/** The imports of a file (static, re-exported, dynamic; type-only too) that reach a floor above its own. */
function upwardArrows(file: string, text: string): string[] {
  const above = Object.entries(FLOORS_ABOVE).find(([floor]) => file.startsWith(floor))?.[1] ?? [];
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)]
    .map(([, specifier]) => specifier ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
    .filter((target) => above.some((floor) => target.startsWith(floor)))
    .map((target) => `${file} imports ${target}`);
}

describe('no upward arrow', () => {
  it('src/domain imports nothing from the statecharts, the server, the screens or the effects; machines/ nothing from the server or the screens', () => {
    expect(files.flatMap((file) => upwardArrows(file, read(file)))).toEqual([]);
  });

  it('the check would see a domain rule importing a machine, and a statechart importing the server', () => {
    expect(
      upwardArrows(
        'src/domain/leave.ts',
        "import { leaveDecisionStatus } from '../../machines/leave-request.lifecycle';",
      ),
    ).toEqual(['src/domain/leave.ts imports machines/leave-request.lifecycle']);
    expect(
      upwardArrows('machines/session.machine.ts', "import type { Db } from '../src/server/db/client';"),
    ).toEqual(['machines/session.machine.ts imports src/server/db/client']);
    expect(
      upwardArrows('src/domain/payroll/engine.ts', "const m = await import('../../api/client');"),
    ).toEqual(['src/domain/payroll/engine.ts imports src/api/client']);
    // Arrows downwards and sideways are fine.
    expect(
      upwardArrows('src/domain/leave.ts', "import { x } from './lifecycles/leave-request.lifecycle';"),
    ).toEqual([]);
    expect(
      upwardArrows('machines/pay-items.machine.ts', "import { y } from '../src/domain/payslips';"),
    ).toEqual([]);
  });
});

// The generic statecharts (decisions 0011 and 0012) are given their cases by whoever holds them: they
// import, of machines/, only the other generic pieces and the effects' placeholders, never a form or screen.
const GENERIC_MACHINES = [
  'machines/form.ts',
  'machines/editable-panel.machine.ts',
  'machines/list.machine.ts',
  'machines/form-dialog.machine.ts',
];
const GENERIC_MAY_IMPORT = [...GENERIC_MACHINES, 'machines/effects.ts'];

/** The machines/ files a file imports (static, re-exported, dynamic; type-only too), with their extension. */
function machineImports(file: string, text: string): string[] {
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)]
    .map(([, specifier]) => specifier ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
    .filter((target) => target.startsWith('machines/'))
    .map((target) => (/\.tsx?$/.test(target) ? target : `${target}.ts`));
}

describe('the generic statecharts know none of their cases', () => {
  it.each(GENERIC_MACHINES)('%s imports no specific form or screen machine', (file) => {
    const cases = machineImports(file, read(file)).filter((target) => !GENERIC_MAY_IMPORT.includes(target));
    expect(cases).toEqual([]);
  });

  // Issue 31: the one form statechart had grown the leave form's holidays and document upload; those are
  // the Request for Leave flow's (machines/request-leave.machine.ts), which gives the form what it needs.
  const ONE_FORMS_CASES = /holiday|\bfiles?\b|upload|attachment/i;
  it('machines/form.ts speaks of no one form: no holidays, files, uploads or attachments', () => {
    const mentions = read('machines/form.ts')
      .split('\n')
      .flatMap((line, index) => (ONE_FORMS_CASES.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
    expect(mentions).toEqual([]);
  });

  it('the check would see the form speaking of a file', () => {
    expect(ONE_FORMS_CASES.test("  | { type: 'file.select'; file: File }")).toBe(true);
    expect(ONE_FORMS_CASES.test('  reference: Reference; // a year of public holidays')).toBe(true);
    expect(
      ONE_FORMS_CASES.test("  | { type: 'field.refuse'; name: FieldName<TValues>; message: string }"),
    ).toBe(false);
  });

  it('the check would see a generic piece importing its cases', () => {
    const text =
      "import type { FormInput } from './form';\nimport { staffInfoPanelForm } from './record-panel-forms';";
    expect(machineImports('machines/editable-panel.machine.ts', text)).toEqual([
      'machines/form.ts',
      'machines/record-panel-forms.ts',
    ]);
    expect(machineImports('machines/form.ts', "import { x } from '../src/domain/forms';")).toEqual([]);
  });
});

describe('modules stay small enough to read', () => {
  it('no server module is over 500 lines', () => {
    const long = sourceFiles('src/server')
      .map((file) => ({ file, lines: read(file).split('\n').length }))
      .filter(({ lines }) => lines > 500)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});

// What ties one machine to another belongs to a parent machine (spawn, sendTo, emit), where the diagram
// shows it and the model walk takes it; a view that subscribes, listens or runs an effect hides it.
// (Presentation state, such as whether the sidebar is expanded, may stay in a view's useState.)
const COORDINATION = /\buseEffect\s*\(|\buseLayoutEffect\s*\(|\.subscribe\s*\(|\.on\s*\(\s*['"`]/;

describe('views only render machines and send them events', () => {
  it('no view or route coordinates machines (no effect, subscription or listener)', () => {
    const offending = [...sourceFiles('src/views'), ...sourceFiles('src/app')]
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => !/^(\/\/|\/\*|\*)/.test(text) && COORDINATION.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
  });

  it("no view decides where to go: workflows end in their machine, access is the guards' (decision 0007)", () => {
    const offending = sourceFiles('src/views')
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => /<Redirect\b|\bnavigate\s*\(/.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
  });

  it('the check would see a view that reloads a sibling from an effect', () => {
    expect(COORDINATION.test('useEffect(() => {')).toBe(true);
    expect(COORDINATION.test("const subscription = details.on('leaveRequest.deleted', changed);")).toBe(true);
    expect(COORDINATION.test('actor.subscribe((snapshot) => {')).toBe(true);
    expect(COORDINATION.test("actor.send({ type: 'list.reload' })")).toBe(false);
  });
});

// One way to draw a field (docs/guides/build-a-form.md): every labelled field goes through
// LabelledField, so its label, message beneath and invalid marking are the same on every screen.
describe('fields are drawn one way', () => {
  it("no screen draws Chakra's Field by hand; src/ui/form-field.tsx does", () => {
    const offending = [...sourceFiles('src/views'), ...sourceFiles('src/ui')]
      .filter((file) => file !== 'src/ui/form-field.tsx')
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => /<Field\.(Root|Label|ErrorText|HelperText)\b/.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
    expect(read('src/ui/form-field.tsx')).toContain('<Field.Root');
  });
});

// A leave type's rules are columns of its own (decision 0006): a rule that keys on a type's name breaks
// when a company renames the type. The name appears only where the defaults are declared, in the
// spec's message texts and in the demo data.
describe('leave rules read what a type does, not its name', () => {
  it('no leave type name in the services, the domain rules or the machines', () => {
    const NAMED_TYPE =
      /(['"`])(Annual|Medical|Hospitalisation|Childcare|Maternity|Paternity|Compassionate|Unpaid) Leave\1/;
    const offending = [
      ...sourceFiles('src/server/services'),
      ...sourceFiles('src/domain'),
      ...sourceFiles('machines'),
    ]
      .filter((file) => file !== 'src/domain/enums.ts')
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => !/^(\/\/|\/\*|\*)/.test(text) && NAMED_TYPE.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
  });
});

// One toast convention: the statecharts and their effects choose when a toast shows; its words are the
// feature's messages module's (src/domain/messages/), so the spec's texts live in one place per feature.
describe('toasts are worded in the messages modules', () => {
  it('no toast title is written in the machines or the effects', () => {
    const offending = [...sourceFiles('machines'), ...sourceFiles('src/actors')]
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => /\btitle:\s*['"`]/.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
  });
});

// One way to raise a toast (issue 31): a statechart raises `notify` with the toast itself, worded from the
// messages modules, and the app provides only `notify`; no named placeholder per toast (notifyX).
const NAMED_NOTIFY = /\bnotify[A-Z]\w*/;

describe('toasts are raised one way', () => {
  it('no named notify placeholder in the machines or the app', () => {
    const offending = files
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
          .filter(({ text }) => NAMED_NOTIFY.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offending).toEqual([]);
  });

  it('the check would see a named placeholder raised or provided, and lets notify be', () => {
    expect(NAMED_NOTIFY.test("{ type: 'notifyRemoved', params: ({ context }) => context },")).toBe(true);
    expect(NAMED_NOTIFY.test('notifyLoadFailed: (_, error) => notify(toast),')).toBe(true);
    expect(NAMED_NOTIFY.test("{ type: 'notify', params: leaveToasts.deleted },")).toBe(false);
    expect(NAMED_NOTIFY.test('actions: { notify: (_, toast) => notify(toast) },')).toBe(false);
  });
});

// The PDF worker thread loads its modules when it starts, before the first PDF of a session is drawn;
// zod alone took a quarter of a second of that start on this project's machine.
describe('the PDF worker starts light', () => {
  /** Packages a module loads at run time, following its relative imports (type-only ones are erased). */
  function packagesLoadedBy(entry: string): Set<string> {
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, specifier] of read(file).matchAll(
        /^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms,
      )) {
        if (!specifier) continue;
        if (!specifier.startsWith('.')) {
          packages.add(specifier);
          continue;
        }
        const base = path.join(path.dirname(file), specifier);
        const target = [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) =>
          files.includes(candidate),
        );
        if (target) visit(target);
      }
    };
    visit(entry);
    return packages;
  }

  it('the drawing code does not load zod', () => {
    const packages = packagesLoadedBy('src/server/pdf/render-task.ts');
    expect(packages).toContain('pdfkit');
    expect([...packages].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
  });
});

// A module inside an installed package's build folders is private unless the package's `exports`
// names it (nodemailer names `./lib/mail-composer`; pg reaches `./lib/*` only by a wildcard kept for
// old code, and nothing there is documented): such code changes without notice on an upgrade.
const PRIVATE_FOLDER = /^(?:lib|dist|build|src|internal|cjs|esm)\//;

function namesInExports(pkg: string, subpath: string): boolean | undefined {
  const manifest = path.join(root, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown };
  return typeof exports === 'object' && exports !== null && `./${subpath}` in exports;
}

/** The string literals of a file (imports, requires) naming a private module of an installed package. */
function privateModules(text: string): string[] {
  return [...text.matchAll(/['"`]((?:@[\w.-]+\/)?[a-z][\w.-]*)\/([^'"`\s]+)['"`]/g)]
    .filter(
      ([, pkg = '', subpath = '']) => PRIVATE_FOLDER.test(subpath) && namesInExports(pkg, subpath) === false,
    )
    .map(([, pkg, subpath]) => `${pkg}/${subpath}`);
}

describe("no library's private modules", () => {
  it('no file of src/ or machines/ imports or requires a module a package does not export by name', () => {
    const scripts = ['src', 'machines'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.[cm]?js$/.test(name))
        .map((name) => path.join(dir, name)),
    );
    const checked = [...files, ...scripts];
    expect(checked).toContain('src/server/pdf/worker.mjs');
    expect(checked.flatMap((file) => privateModules(read(file)).map((name) => `${file}: ${name}`))).toEqual(
      [],
    );
  });

  it('the check would see pg reached into, by import or by require, and lets public entry points be', () => {
    expect(privateModules("import { prepareValue } from 'pg/lib/utils.js';")).toEqual(['pg/lib/utils.js']);
    expect(
      privateModules("const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js');"),
    ).toEqual(['pg/lib/utils.js']);
    expect(privateModules("import Query from 'pg/lib/query';")).toEqual(['pg/lib/query']);
    expect(privateModules("import x from '@electric-sql/pglite/dist/index.js';")).toEqual([
      '@electric-sql/pglite/dist/index.js',
    ]);
    expect(
      privateModules(
        "import { drizzle } from 'drizzle-orm/node-postgres';\nimport MailComposer from 'nodemailer/lib/mail-composer';\nimport { x } from './lib/y';",
      ),
    ).toEqual([]);
  });
});

// Who may call a route is its access rule, enforced by the one hook (src/server/plugins/access.ts):
// a service does not check the caller's role again, nor refuse by role beside the rule.
const ROLE_TEST =
  /\bisAdmin\s*\(|\brole\s*[!=]==?\s*['"`](?:ADMIN|STAFF)\b|['"`](?:ADMIN|STAFF)['"`]\s*[!=]==?\s*[\w.?]*\brole\b/;
const REFUSAL = /\bforbidden\s*\(|\b403\b/;
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** The admin assertions and the role comparisons followed within three lines by a 403, as `line: text`. */
function roleRefusals(text: string): string[] {
  const lines = text.split('\n').map((line) => (isComment(line) ? '' : line));
  return lines.flatMap((line, index) => {
    const refuses = REFUSAL.test(lines.slice(index, index + 4).join('\n'));
    return /\bassertAdmin\b/.test(line) || (ROLE_TEST.test(line) && refuses)
      ? [`${index + 1}: ${line.trim()}`]
      : [];
  });
}

// Field rules on routes STAFF may call for themselves: a rule sees the request, not that a stored value
// changes, so these refusals are made against the row the service reads under its lock.
const ROLE_REFUSALS_KEPT = [
  {
    file: 'src/server/services/users.ts',
    check: 'EMAIL_ADMIN_ONLY_MESSAGE',
    why: 'only ADMIN changes an e-mail',
  },
  {
    file: 'src/server/services/staff-info.ts',
    check: 'NRIC_ADMIN_ONLY',
    why: 'only ADMIN changes an NRIC/FIN',
  },
];

describe('access is the route rule, not the services', () => {
  it('no service asserts the admin role or refuses by role, but the listed field rules', () => {
    const found = files
      .filter((file) => file.startsWith('src/server/services/'))
      .flatMap((file) => roleRefusals(read(file)).map((hit) => ({ file, hit })));
    const kept = (f: { file: string; hit: string }) =>
      ROLE_REFUSALS_KEPT.some(({ file, check }) => file === f.file && f.hit.includes(check));
    expect(found.filter((f) => !kept(f)).map(({ file, hit }) => `${file}:${hit}`)).toEqual([]);
    // Each exception still exists, once: a removed one leaves the list.
    expect(found.filter(kept).map((f) => f.file)).toEqual(ROLE_REFUSALS_KEPT.map((k) => k.file).sort());
  });

  it('the check would see an admin assertion and role comparisons that refuse, and lets masking and data be', () => {
    expect(roleRefusals('  assertAdmin(actor);')).toEqual(['1: assertAdmin(actor);']);
    expect(roleRefusals("  if (actor.role !== 'ADMIN') throw forbidden();")).toHaveLength(1);
    expect(roleRefusals("  if ('STAFF' === actor.role) {\n    throw forbidden('No.');\n  }")).toHaveLength(1);
    expect(roleRefusals('  if (!isAdmin(actor)) {\n    throw new HttpError(403, "No.");\n  }')).toHaveLength(
      1,
    );
    expect(
      roleRefusals(
        [
          "  throw isAdmin(actor) ? conflict('Only a processed payslip.') : notFound('Payslip not found.');",
          '  const userId = isAdmin(actor) ? query.userId : (query.userId ?? actor.id);',
          "  .where(eq(users.role, 'STAFF'))",
          "  if (user?.role !== 'STAFF') throw notFound('Not onboarded.');",
          "  // role !== 'ADMIN' used to throw forbidden() here",
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

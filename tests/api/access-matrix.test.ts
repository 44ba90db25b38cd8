import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nricCheckLetter } from '../../src/domain/nric';
import { claims, claimTypes } from '../../src/server/db/claim-schema';
import { leaveRequests, leaveTypes, payslips, staffInfo } from '../../src/server/db/schema';
import type { DeclaredRoute } from '../../src/server/plugins/access';
import { newAttachmentKey } from '../../src/server/storage/storage';
import { bearer, createTestApp, createUser, nextAddress, signIn, type TestApp } from './harness';

// The authorization matrix: every route the app registers, called by every kind of caller, with the
// outcome the table below says. The table is written from the spec's section 6 (Roles and
// permissions) and our recorded decisions (ARCHITECTURE.md, docs/security.md), not read from the
// routes: a loosened rule in a route's options fails here. A new route fails until it has a row.
// Where a call names its owner (a user id in the path, query or body, or a stored record) is read
// from the route's declared owner; records need a maker in `ownedRecords`, bodies one in `validBodies`.

type Caller = 'anonymous' | 'newcomer' | 'staffOwn' | 'staffOther' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'newcomer', 'staffOwn', 'staffOther', 'admin'];

/** 'allowed' = the call gets past authorization (any status but 401 and 403). */
type Outcome = 'allowed' | 401 | 403 | 404 | 'sameAsAnonymous';

/**
 * Who may call:
 * - anyone: public (sign-in, refresh, password reset, health, the API docs, signed file links);
 * - signedIn: any signed-in user whose password is not a temporary one;
 * - newcomer: also a user who must still replace a temporary password (only changing it);
 * - own: STAFF for their own records (403 for someone else's), ADMIN for any;
 * - ownHidden: as own, but someone else's record answers exactly as a missing one (404);
 * - onlyOwner: what only a record's owner may ask, whatever their role: STAFF as ownHidden, ADMIN 403
 *   on someone else's record;
 * - admin: ADMIN only.
 */
type Who = 'anyone' | 'signedIn' | 'newcomer' | 'own' | 'ownHidden' | 'onlyOwner' | 'admin';

const SPEC_ACCESS: Record<string, Who> = {
  // Authentication: anyone may try; a temporary password only lets its holder replace it.
  'POST /api/auth/login': 'anyone',
  'POST /api/auth/refresh': 'anyone',
  'POST /api/auth/logout': 'anyone',
  'POST /api/auth/forget-password': 'anyone',
  'POST /api/auth/reset-password': 'anyone',
  'POST /api/auth/change-password': 'newcomer',
  // "Register, onboard, edit, delete users; choose role": ADMIN. "View own profile": STAFF.
  'POST /api/auth/register': 'admin',
  'GET /api/users': 'admin',
  // Issue 39: the audit trail is the administrators'.
  'GET /api/audit': 'admin',
  'GET /api/audit.csv': 'admin',
  // Issue 38 item 5: exports of staff, leave and pay records are the administrators'.
  'GET /api/exports/staff': 'admin',
  'GET /api/exports/leave': 'admin',
  'GET /api/exports/payroll': 'admin',
  // Issue 39: a month's pay run is decided by administrators.
  'GET /api/pay-runs/awaiting': 'admin',
  'GET /api/pay-runs/:year/:month': 'admin',
  'GET /api/pay-runs/:year/:month/variance.pdf': 'admin',
  'POST /api/pay-runs/:year/:month/submit': 'admin',
  'POST /api/pay-runs/:year/:month/approve': 'admin',
  'POST /api/pay-runs/:year/:month/reject': 'admin',
  'POST /api/pay-runs/:year/:month/reopen': 'admin',
  'DELETE /api/users/:id': 'admin',
  'GET /api/users/:id': 'own',
  'PATCH /api/users/:id': 'own',
  'POST /api/users/:id/onboard': 'admin',
  'GET /api/users/:id/staff-info': 'own',
  'PATCH /api/staff-info/:id': 'own',
  'GET /api/users/:id/employment-info': 'own',
  'PATCH /api/employment-info/:id': 'admin',
  'GET /api/users/:id/payment-info': 'own',
  'PATCH /api/payment-info/:id': 'admin',
  // Issue 38 items 3 and 4: "PUT /api/users/{id}/opening-ytd ... (ADMIN)"; opening balances are the administrators'.
  // Issue 38 item 2: "GET /api/imports/staff/template ... POST /api/imports/staff" for the administrator setting up.
  'GET /api/imports/staff/template': 'admin',
  'POST /api/imports/staff': 'admin',
  // Items 3 and 4: opening YTD and opening leave "also importable from a template".
  'GET /api/imports/opening-ytd/template': 'admin',
  'POST /api/imports/opening-ytd': 'admin',
  'GET /api/imports/opening-leave/template': 'admin',
  'POST /api/imports/opening-leave': 'admin',
  // Issue 38 item 6: "progress on imports over 500 rows through the job queue", followed by the administrator.
  'GET /api/imports/jobs/:id': 'admin',
  // Issue 38: imported staff e-mailed their set-password links, by the administrator who imported them.
  'POST /api/imports/staff/invite': 'admin',
  'GET /api/users/:id/opening-ytd': 'admin',
  'PUT /api/users/:id/opening-ytd': 'admin',
  'DELETE /api/users/:id/opening-ytd': 'admin',
  'GET /api/users/:id/opening-leave': 'admin',
  'PUT /api/users/:id/opening-leave': 'admin',
  // Issue 36: "ADMIN; staff may submit their own for approval" — a timesheet is read and saved by its owner
  // or an administrator.
  'GET /api/users/:id/timesheets/:year/:month': 'own',
  'PUT /api/users/:id/timesheets/:year/:month': 'own',
  // Issue 36 item 5: the month grid "for the administrator".
  'GET /api/timesheets/:year/:month': 'admin',
  // Issue 36 item 5: "CSV upload of a month's hours" belongs to the administrator's grid.
  'POST /api/timesheets/:year/:month/import': 'admin',
  'GET /api/timesheets/:year/:month/import/template': 'admin',
  // Leave: "View all leave requests and search", "Approve or reject leave": ADMIN; "Create leave
  // request": for self (STAFF) or on behalf of a user (ADMIN), the user named in the body; "Delete
  // pending": own only.
  'GET /api/leave-types': 'signedIn',
  'GET /api/leave-requests': 'admin',
  'GET /api/leave-requests/count': 'admin',
  'GET /api/users/:userId/leave-requests': 'own',
  'GET /api/users/:userId/leave-requests/count': 'own',
  'GET /api/leave-requests/:id/clashes': 'admin',
  'POST /api/leave-requests': 'own',
  'PATCH /api/leave-requests/:id': 'admin',
  'DELETE /api/leave-requests/:id': 'ownHidden',
  // Issue 34: only the person on leave asks to withdraw it; another administrator decides (decision 0003).
  'POST /api/leave-requests/:id/withdrawal': 'onlyOwner',
  'POST /api/leave-requests/:id/withdrawal/decision': 'admin',
  // "Edit leave allowance": ADMIN, STAFF read-only; "view all leave balances": ADMIN.
  'GET /api/users/leave-balances/year': 'admin',
  'POST /api/users/leave-balances/year-pdf': 'admin',
  'GET /api/users/:id/leave-balances': 'own',
  'PATCH /api/users/:id/leave-balances/:leaveTypeId': 'admin',
  // Issue 17: policies are read by everyone (they say what staff are entitled to) and set by an
  // administrator; an entitlement is the user's own, like a balance; the year end is the employer's.
  'GET /api/leave-policies': 'signedIn',
  'PUT /api/leave-policies/:leaveTypeId': 'admin',
  'GET /api/users/:id/leave-entitlements': 'own',
  'GET /api/leave-balances/year-end': 'admin',
  'POST /api/leave-balances/year-end': 'admin',
  // Issue 17: everyone's leave is counted with the public holidays, so everyone reads them; the
  // administrator keeps them.
  'GET /api/public-holidays': 'signedIn',
  'POST /api/public-holidays': 'admin',
  'DELETE /api/public-holidays/:date': 'admin',
  // Issue 17, team calendar: ADMIN see everyone's leave; STAFF only their own (without a user named,
  // the service keeps them to themselves).
  'GET /api/leave-calendar': 'own',
  // Attachments: anyone signed in uploads for their own request; a document is seen by its owner
  // and administrators. The upload and view links themselves are signed (docs/security.md).
  'GET /api/s3/upload-url': 'signedIn',
  'GET /api/s3/signed-url': 'own',
  'PUT /api/files/*': 'anyone',
  'GET /api/files/*': 'anyone',
  // "Process pay, manage pay items, view all pay records": ADMIN; "View own processed payslips": STAFF.
  'GET /api/payslips/unprocessed-and-items-added': 'admin',
  'GET /api/payslips/processed/aggregates': 'admin',
  'GET /api/payslips/processed/totals': 'admin',
  'GET /api/users/:id/payslips/processed/aggregates': 'own',
  'GET /api/users/:userId/payslips': 'admin',
  'PUT /api/payslips/:userId/:year/:month': 'admin',
  'POST /api/payslips/bulk-process': 'admin',
  'POST /api/payslips/bulk-process/preview': 'admin',
  'PATCH /api/payslips/:id/status': 'admin',
  'GET /api/payslips/:id/pdf': 'ownHidden',
  'GET /api/payslips/processed/pdf-table': 'admin',
  ...Object.fromEntries(
    ['adhoc', 'bonus', 'deduction', 'other-addition', 'other-deduction'].flatMap((kind) => [
      [`POST /api/${kind}-items`, 'admin'],
      [`DELETE /api/${kind}-items/:id`, 'admin'],
      [`GET /api/users/:userId/${kind}-items`, 'admin'],
    ]),
  ),
  // Issue 15: the company's particulars and the statutory files are the employer's ("STAFF gets 403
  // on the company, files and summary"); an employee reads their own IR8A.
  'GET /api/company': 'admin',
  'PUT /api/company': 'admin',
  // Issue 38: the setup checklist is the first administrator's, "never shown to STAFF".
  'GET /api/setup': 'admin',
  'GET /api/payslips/cpf-summary': 'admin',
  'GET /api/payslips/cpf-summary/pdf': 'admin',
  'GET /api/payslips/cpf-file': 'admin',
  'GET /api/payslips/bank-file': 'admin',
  'GET /api/payslips/ir8a': 'admin',
  // Issue 32.13: the AIS check is the employer's, like the AIS file it checks.
  'GET /api/payslips/ir8a/ais-check': 'admin',
  'GET /api/users/:id/ir8a': 'own',
  // Issue 35: "Staff read their own [KETs] on My profile"; the separation is ADMIN's, except that "staff
  // can submit their resignation", which "the administrator acknowledges"; DELETE is the ADMIN's.
  'GET /api/users/:id/key-employment-terms': 'own',
  'PUT /api/users/:id/key-employment-terms': 'admin',
  'GET /api/users/:id/kets': 'own',
  'POST /api/users/:id/separation': 'own',
  'GET /api/users/:id/separation': 'own',
  'POST /api/users/:id/separation/acknowledge': 'admin',
  'DELETE /api/users/:id/separation': 'admin',
  // Issue 35 item 5: the IR21 and IRAS's clearance are the administrator's.
  'GET /api/users/:id/ir21': 'admin',
  'POST /api/users/:id/ir21-clearance': 'admin',
  // Issue 16: sending payslips and following the job are the employer's.
  'POST /api/payslips/email': 'admin',
  'GET /api/jobs/:id': 'admin',
  'POST /api/jobs/:id/retry': 'admin',
  'POST /api/payslips/ir8a/jobs': 'admin',
  'GET /api/payslips/ir8a/jobs/:id/file': 'admin',
  // Issue 37: claim types are the administrators' (everyone reads them to file under them); staff file,
  // see and delete their own claims; "another administrator decides".
  'GET /api/claim-types': 'signedIn',
  'POST /api/claim-types': 'admin',
  'PUT /api/claim-types/:id': 'admin',
  'DELETE /api/claim-types/:id': 'admin',
  'GET /api/claims': 'own',
  'GET /api/claims/:id': 'ownHidden',
  'POST /api/claims': 'signedIn',
  'DELETE /api/claims/:id': 'onlyOwner',
  'POST /api/claims/:id/decision': 'admin',
  // Issue 37 item 4: the month's claims report.
  'GET /api/claims/report': 'admin',
  // Operations and the API's own documentation.
  'GET /api/health': 'anyone',
  'GET /api/docs': 'anyone',
  'GET /api/docs/json': 'anyone',
  'GET /api/docs/yaml': 'anyone',
  'GET /api/docs/static/*': 'anyone',
  'GET /api/docs/static/index.html': 'anyone',
  'GET /api/docs/static/swagger-initializer.js': 'anyone',
};

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function expectedOutcome(who: Who, caller: Caller): Outcome {
  if (who === 'anyone') return 'sameAsAnonymous';
  if (caller === 'anonymous') return 401;
  if (caller === 'newcomer') return who === 'newcomer' ? 'allowed' : 403;
  if (who === 'admin') return caller === 'admin' ? 'allowed' : 403;
  if (who === 'ownHidden') return caller === 'staffOther' ? 404 : 'allowed';
  // ADMIN's call names someone else's record (the victim's).
  if (who === 'onlyOwner') return caller === 'staffOther' ? 404 : caller === 'admin' ? 403 : 'allowed';
  if (who === 'own') return caller === 'staffOther' ? 403 : 'allowed';
  return 'allowed';
}

interface Person {
  id: number;
  token: string | null;
}

/**
 * The routes whose address names a stored record rather than a user, and the kind of record: a
 * leave request or payslip by its id, staff info by its id, an attachment by its key. Kept here, not
 * read from the routes' rules, so a rule that forgets its owner still gets a real record to refuse.
 */
const RECORD_ROUTES: Record<string, string> = {
  'DELETE /api/leave-requests/:id': 'leaveRequest',
  'POST /api/leave-requests/:id/withdrawal': 'leaveRequest',
  'GET /api/payslips/:id/pdf': 'payslip',
  'GET /api/claims/:id': 'claim',
  'DELETE /api/claims/:id': 'claim',
  'PATCH /api/staff-info/:id': 'staffInfo',
  'GET /api/s3/signed-url': 'attachment',
};

/**
 * Makers of stored records (see RECORD_ROUTES): given the owner, create one and answer the path (and
 * query) parameters that name it.
 */
const ownedRecords: Record<
  string,
  (t: TestApp, owner: { id: number }) => Promise<Record<string, string | number>>
> = {
  leaveRequest: async (t, owner) => ({ id: await pendingLeaveRequest(t, owner.id) }),
  claim: async (t, owner) => {
    const [type] = await t.db.select({ id: claimTypes.id }).from(claimTypes).limit(1);
    const [row] = await t.db
      .insert(claims)
      .values({
        userId: owner.id,
        claimTypeId: type?.id ?? 0,
        status: 'PENDING',
        date: '2026-03-02',
        amountCents: 1_000,
        description: 'Matrix claim',
      })
      .returning({ id: claims.id });
    return { id: row?.id ?? 0 };
  },
  attachment: async (t, owner) => {
    const fileKey = newAttachmentKey(owner.id, 'certificate.pdf', 'application/pdf');
    await pendingLeaveRequest(t, owner.id, fileKey);
    return { fileUrl: fileKey };
  },
  /**
   * A user's staff info (one per user): the existing row, or a new one. Its NRIC/FIN is the one the
   * body then sends: only an administrator may change it, and this route's rule is about whose record.
   */
  async staffInfo(t, owner) {
    staffInfoNric = uniqueNric();
    const [existing] = await t.db
      .select({ id: staffInfo.id })
      .from(staffInfo)
      .where(eq(staffInfo.userId, owner.id));
    if (existing) {
      await t.db.update(staffInfo).set({ nric: staffInfoNric }).where(eq(staffInfo.id, existing.id));
      return { id: existing.id };
    }
    const [row] = await t.db
      .insert(staffInfo)
      .values({
        userId: owner.id,
        nric: staffInfoNric,
        dateOfBirth: '1990-01-01',
        race: 'Others',
        nationality: 'OTHERS',
      })
      .returning({ id: staffInfo.id });
    return { id: row?.id ?? 0 };
  },
  payslip: async (t, owner) => {
    const [row] = await t.db
      .insert(payslips)
      .values({
        userId: owner.id,
        year: 2025,
        month: 1 + (payslipMonth++ % 12),
        status: 'PROCESSED',
        basicSalarySnapshotCents: 300_000,
        payDate: '2025-01-31',
        processedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: payslips.id });
    if (!row) throw new Error('payslip not created');
    return { id: row.id };
  },
};

/** A pending request straight in the database (the matrix tests access, not the leave rules). */
async function pendingLeaveRequest(t: TestApp, userId: number, fileKey: string | null = null) {
  const [type] = await t.db
    .insert(leaveTypes)
    .values({ name: 'Matrix Leave' })
    .onConflictDoUpdate({ target: leaveTypes.name, set: { name: 'Matrix Leave' } })
    .returning();
  const [request] = await t.db
    .insert(leaveRequests)
    .values({
      userId,
      leaveTypeId: type?.id ?? 0,
      status: 'PENDING',
      fromDate: '2026-03-02',
      fromDateIsAm: true,
      toDate: '2026-03-02',
      toDateIsAm: false,
      days: 1,
      fileKey,
    })
    .returning();
  return request?.id ?? 0;
}

/**
 * Valid bodies by route, given the user the call acts for, so that an allowed call gets past
 * validation to the route's work; a body that names its owner names that user.
 */
const validBodies: Record<string, (userId: number) => object> = {
  // Spec section 4: the request is for the user in the body. Each call its own day, so none overlaps.
  'POST /api/leave-requests': (userId) => {
    const day = new Date(Date.UTC(2031, 0, 6 + 7 * leaveDay++)).toISOString().slice(0, 10); // Mondays
    return {
      userId,
      leaveType: 'Matrix Leave',
      fromDate: day,
      fromDateIsAm: true,
      toDate: day,
      toDateIsAm: false,
    };
  },
  'PATCH /api/staff-info/:id': () => ({
    nric: staffInfoNric,
    dateOfBirth: '1991-02-03',
    race: 'Chinese',
    nationality: 'SINGAPORE CITIZEN',
  }),
};

let staffInfoNric = '';
let nricCounter = 0;
function uniqueNric() {
  nricCounter += 1;
  const digits = String(9_000_000 + nricCounter);
  return `T${digits}${nricCheckLetter('T', digits)}`;
}
let payslipMonth = 0;
let leaveDay = 0;

let t: TestApp;
const people = {} as Record<'staff' | 'other' | 'newcomer' | 'admin', Person>;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(leaveTypes).values({ name: 'Matrix Leave' });
  for (const [key, options] of [
    ['staff', {}],
    ['other', {}],
    ['newcomer', { mustChangePassword: true }],
    ['admin', { role: 'ADMIN' as const }],
  ] as const) {
    const user = await createUser(t, options);
    const { accessToken } = await signIn(t, user.email, user.password);
    people[key] = { id: user.id, token: accessToken };
  }
});
afterAll(async () => {
  await t.close();
});

/** Which person acts, and whose record the call names. */
function roles(caller: Caller, victimId: number): { actor: Person | null; targetId: number } {
  switch (caller) {
    case 'anonymous':
      return { actor: null, targetId: people.staff.id };
    case 'newcomer':
      return { actor: people.newcomer, targetId: people.newcomer.id };
    case 'staffOwn':
      return { actor: people.staff, targetId: people.staff.id };
    case 'staffOther':
      return { actor: people.staff, targetId: people.other.id };
    case 'admin':
      // A fresh user per route, so a DELETE by ADMIN removes no one the matrix still needs.
      return { actor: people.admin, targetId: victimId };
  }
}

async function callRoute(route: DeclaredRoute, caller: Caller, victimId: number) {
  const { actor, targetId } = roles(caller, victimId);
  return callAs(route, actor, targetId);
}

/** Calls a route as `actor` on `targetId`'s record, put where the route's rule says its owner is. */
async function callAs(route: DeclaredRoute, actor: Person | null, targetId: number) {
  const { owner } = route.config;
  const kind = RECORD_ROUTES[routeKey(route)];
  const owned = kind ? await ownedRecords[kind]?.(t, { id: targetId }) : {};
  const query: Record<string, string> = {};
  const url = route.url
    .replace(/:(\w+)/g, (_, name: string) => String(owned?.[name] ?? targetId))
    .replace(/\*$/, 'index.html');
  if (owner && 'query' in owner) query[owner.query] = String(targetId);
  for (const [key, value] of Object.entries(owned ?? {})) {
    if (!route.url.includes(`:${key}`)) query[key] = String(value);
  }
  const makeBody = validBodies[routeKey(route)];
  let payload: Record<string, unknown> | undefined = makeBody && { ...makeBody(targetId) };
  if (owner && 'body' in owner) payload = { ...payload, [owner.body]: targetId };
  return t.app.inject({
    method: route.method as 'GET',
    url,
    query,
    ...(payload ? { payload } : {}),
    headers: actor?.token ? bearer(actor.token) : {},
    remoteAddress: nextAddress(),
  });
}

describe('authorization matrix', () => {
  it('has a row for every registered route, and every row is a registered route', () => {
    const registered = t.app.routeTable.filter((r) => r.method !== 'OPTIONS' && r.method !== 'HEAD');
    expect(registered.length).toBeGreaterThan(5);
    expect(registered.map(routeKey).filter((key) => !(key in SPEC_ACCESS))).toEqual([]);
    const keys = new Set(registered.map(routeKey));
    expect(Object.keys(SPEC_ACCESS).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('every route declares a rule for the access hook', () => {
    for (const route of t.app.routeTable) {
      expect(['public', 'signedIn', 'self', 'admin'], `${route.method} ${route.url}`).toContain(
        route.config.access,
      );
      const { owner } = route.config;
      if (owner && 'record' in owner && route.method !== 'HEAD') {
        expect(RECORD_ROUTES[routeKey(route)], `${routeKey(route)}: add it to RECORD_ROUTES`).toBe(
          owner.record,
        );
        expect(ownedRecords[owner.record], `add a maker for '${owner.record}' records`).toBeDefined();
      }
      if (owner && 'body' in owner) {
        expect(validBodies[routeKey(route)], `${routeKey(route)}: add a body to validBodies`).toBeDefined();
      }
    }
  });

  it("declares an owner on exactly the routes the spec's table keeps to their owners", () => {
    const declared = t.app.routeTable.filter((r) => r.config.owner && r.method !== 'HEAD').map(routeKey);
    const owned = Object.entries(SPEC_ACCESS)
      .filter(([, who]) => who === 'own' || who === 'ownHidden' || who === 'onlyOwner')
      .map(([key]) => key);
    expect(declared.sort()).toEqual(owned.sort());
  });

  it("answers each caller as the spec's table says", async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.method !== 'OPTIONS')) {
      const who = SPEC_ACCESS[routeKey(route)];
      if (!who) continue; // reported by the test above
      const victim = await createUser(t);
      const anonymous = await callRoute(route, 'anonymous', victim.id);
      for (const caller of CALLERS) {
        const expected = expectedOutcome(who, caller);
        const response = caller === 'anonymous' ? anonymous : await callRoute(route, caller, victim.id);
        const status = response.statusCode;
        const ok =
          expected === 'allowed'
            ? status !== 401 && status !== 403
            : expected === 'sameAsAnonymous'
              ? status === anonymous.statusCode
              : status === expected;
        if (status >= 500) failures.push(`${route.method} ${route.url} as ${caller}: ${status}`);
        else if (!ok) {
          failures.push(
            `${route.method} ${route.url} as ${caller}: expected ${expected}, got ${status} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route times five callers, each with a fresh victim: it grows with every endpoint.
  }, 180_000);
});

describe('ownership, from the owners the routes declare', () => {
  /** Every route whose rule names an owner: in a path or query parameter, a body field or a record (HEAD is GET's). */
  const ownerRoutes = () => t.app.routeTable.filter((r) => r.config.owner && r.method !== 'HEAD');

  it('has routes of each kind of owner', () => {
    const kinds = new Set(
      ownerRoutes().map((r) => Object.keys(r.config.owner ?? {}).find((k) => k !== 'message')),
    );
    expect([...kinds].sort()).toEqual(['body', 'param', 'query', 'record']);
  });

  it("refuses STAFF acting on another user's id or record, and lets them do on their own what ADMIN may", async () => {
    const failures: string[] = [];
    for (const route of ownerRoutes()) {
      const key = routeKey(route);
      const who = SPEC_ACCESS[key];
      const hidden = who === 'ownHidden' || who === 'onlyOwner';
      const other = await createUser(t);
      const refused = await callAs(route, people.staff, other.id);
      // Someone else's: 403, or, for records reached by their own id, what a missing one answers.
      if (refused.statusCode !== (hidden ? 404 : 403)) {
        failures.push(`${key} on another's: ${refused.statusCode} ${refused.body.slice(0, 120)}`);
      }
      // One's own: what ADMIN gets on that same user's record (a fresh one each call), or, where only the
      // owner may ask, past authorization for the owner and 403 for ADMIN.
      const own = await callAs(route, people.staff, people.staff.id);
      const byAdmin = await callAs(route, people.admin, people.staff.id);
      const ok =
        who === 'onlyOwner'
          ? byAdmin.statusCode === 403 && own.statusCode !== 403
          : own.statusCode === byAdmin.statusCode;
      if (!ok || own.statusCode >= 500) {
        failures.push(`${key} on their own: ${own.statusCode}, ADMIN on it: ${byAdmin.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('expected outcomes of each kind of rule', () => {
  it('reads the table the way section 6 and our decisions say', () => {
    const rows = (who: Who) => CALLERS.map((c) => expectedOutcome(who, c));
    expect(rows('anyone')).toEqual(Array(5).fill('sameAsAnonymous'));
    expect(rows('signedIn')).toEqual([401, 403, 'allowed', 'allowed', 'allowed']);
    expect(rows('newcomer')).toEqual([401, 'allowed', 'allowed', 'allowed', 'allowed']);
    expect(rows('own')).toEqual([401, 403, 'allowed', 403, 'allowed']);
    expect(rows('ownHidden')).toEqual([401, 403, 'allowed', 404, 'allowed']);
    expect(rows('onlyOwner')).toEqual([401, 403, 'allowed', 404, 403]);
    expect(rows('admin')).toEqual([401, 403, 403, 403, 'allowed']);
  });
});

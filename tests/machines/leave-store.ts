import type { LeaveStatus } from '../../src/domain/enums';
import type { LeaveRequest, LeaveType } from '../../src/domain/leave';
import type { FakeServer, RecordedRequest } from './fake-server';
import { settle } from './harness';

/**
 * What the fake server holds for one person's leave, changed only by the requests the app really sends
 * (a DELETE removes the row its path names, a POST adds what its body says), so a spec walk's model,
 * which keeps its own copy, sees the app's mistakes instead of repeating them. `serveLeave` answers the
 * reads of that person's leave from it.
 */
export interface LeaveStore {
  person: { id: number; fullName: string; email: string };
  leaveTypes: LeaveType[];
  requests: LeaveRequest[];
  /** totalDays per leave type id; null is no limit. */
  allowances: Record<number, number | null>;
  /** The id the next created request gets. */
  nextId: number;
  /** Which GET of the Leave Balance fails (1 = the first), if any. */
  failBalanceAsk: number | null;
  balanceAsks: number;
  /** Answers of other GETs the screen needs (the user's record and the like), by path. */
  extra: Record<string, unknown>;
  /** GETs a walk answers itself, step by step (the counts, say), by path. */
  manual?: string[];
}

export const serverDown = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'The database is unavailable.',
};

const sum = (rows: LeaveRequest[], typeId: number, ...statuses: LeaveStatus[]) =>
  rows.filter((r) => r.leaveTypeId === typeId && statuses.includes(r.status)).reduce((n, r) => n + r.days, 0);

/**
 * GET /users/{id}/leave-balances as the store stands: pending and approved days hold against the total
 * (approved leave whose withdrawal is asked too, issue 34), of the year asked, this year unless given (the
 * store's few requests are counted in whichever it is).
 */
export function balancesOf(store: LeaveStore, year = new Date().getFullYear()) {
  return store.leaveTypes.map((type, index) => {
    const totalDays = store.allowances[type.id] ?? null;
    const approvedDays = sum(store.requests, type.id, 'APPROVED', 'WITHDRAWAL_REQUESTED');
    const pendingDays = sum(store.requests, type.id, 'PENDING');
    return {
      id: index + 100,
      leaveType: { id: type.id, name: type.name },
      year,
      totalDays,
      usedDays: approvedDays,
      approvedDays,
      pendingDays,
      balance: totalDays === null ? null : totalDays - approvedDays - pendingDays,
      carriedForwardDays: 0,
      carriedForwardExpiresOn: null,
      carriedForwardUsableDays: 0,
    };
  });
}

/**
 * The spec's counts (section 3). Issue 34: leave whose withdrawal is asked still counts as approved; withdrawn
 * leave counts nowhere.
 */
export function countsOf(rows: LeaveRequest[]) {
  const of = (...statuses: LeaveStatus[]) => rows.filter((r) => statuses.includes(r.status)).length;
  const counts = {
    PENDING: of('PENDING'),
    APPROVED: of('APPROVED', 'WITHDRAWAL_REQUESTED'),
    REJECTED: of('REJECTED'),
  };
  return { ...counts, TOTAL: counts.PENDING + counts.APPROVED + counts.REJECTED };
}

export const pageOf = (data: LeaveRequest[]) => ({
  data,
  currentPage: 1,
  pageSize: 7,
  total: data.length,
  totalPages: Math.max(1, Math.ceil(data.length / 7)),
});

function answerOf(store: LeaveStore, request: RecordedRequest): [number, unknown] | null {
  const { id } = store.person;
  if (request.method !== 'GET' || store.manual?.includes(request.path)) return null;
  switch (request.path) {
    case '/api/leave-types':
      return [200, store.leaveTypes];
    case `/api/users/${id}/leave-requests`: {
      const statuses = request.query.get('status')?.split(',').filter(Boolean);
      const rows = statuses?.length
        ? store.requests.filter((r) => statuses.includes(r.status))
        : store.requests;
      return [200, pageOf(rows)];
    }
    case `/api/users/${id}/leave-requests/count`:
      return [200, countsOf(store.requests)];
    case `/api/users/${id}/leave-balances`:
      store.balanceAsks += 1;
      return store.balanceAsks === store.failBalanceAsk
        ? [500, serverDown]
        : [200, balancesOf(store, Number(request.query.get('year') ?? new Date().getFullYear()))];
    case '/api/leave-calendar':
    case '/api/public-holidays':
      return [200, []];
    default:
      return request.path in store.extra ? [200, store.extra[request.path]] : null;
  }
}

/** Answers every read of the person's leave the app has asked for, until it asks for no more. */
export async function serveLeave(server: FakeServer, store: LeaveStore) {
  for (let round = 0; round < 8; round++) {
    const open = server.pending().flatMap((r) => {
      const answer = answerOf(store, r);
      return answer ? [[r, answer] as const] : [];
    });
    if (!open.length) return;
    for (const [r, [status, body]] of open) server.answer(r.method, r.path, status, body);
    await settle();
  }
}

/** The leave request a DELETE waits on: its id, from its path. */
export function pendingDelete(server: FakeServer): number {
  const [request] = server.pending('DELETE').filter((r) => r.path.startsWith('/api/leave-requests/'));
  if (!request) throw new Error('No DELETE of a leave request is waiting');
  return Number(request.path.split('/').pop());
}

/** Answers the waiting DELETE: the store forgets the request its path names. */
export async function answerDelete(server: FakeServer, store: LeaveStore) {
  const id = pendingDelete(server);
  store.requests = store.requests.filter((r) => r.id !== id);
  server.answer('DELETE', `/api/leave-requests/${id}`, 204);
  await settle();
  await serveLeave(server, store);
}

/** The leave request a withdrawal ask (POST /leave-requests/{id}/withdrawal) waits on: its id, from its path. */
export function pendingWithdrawal(server: FakeServer): number {
  const [request] = server
    .pending('POST')
    .filter((r) => /^\/api\/leave-requests\/\d+\/withdrawal$/.test(r.path));
  if (!request) throw new Error('No withdrawal of a leave request is waiting');
  return Number(request.path.split('/')[3]);
}

/** Answers the waiting withdrawal ask: the store records it on the request its path names. */
export async function answerWithdrawal(server: FakeServer, store: LeaveStore, updatedAt: string) {
  const id = pendingWithdrawal(server);
  store.requests = store.requests.map((r) =>
    r.id === id ? { ...r, status: 'WITHDRAWAL_REQUESTED' as const, updatedAt } : r,
  );
  server.answer(
    'POST',
    `/api/leave-requests/${id}/withdrawal`,
    200,
    store.requests.find((r) => r.id === id),
  );
  await settle();
  await serveLeave(server, store);
}

/** Answers the waiting POST /leave-requests: the store keeps what its body says, as a pending request. */
export async function answerCreate(server: FakeServer, store: LeaveStore) {
  const [request] = server.pending('POST', '/api/leave-requests');
  if (!request) throw new Error('No POST /api/leave-requests is waiting');
  const body = request.body as {
    userId: number;
    leaveType: string;
    fromDate: string;
    fromDateIsAm: boolean;
    toDate: string;
    toDateIsAm: boolean;
    days: number;
    reason: string;
    fileUrl: string;
  };
  const type = store.leaveTypes.find((t) => t.name === body.leaveType);
  const now = new Date().toISOString();
  const created: LeaveRequest = {
    id: store.nextId++,
    status: 'PENDING',
    type: body.leaveType,
    leaveTypeId: type?.id ?? 0,
    createdAt: now,
    updatedAt: now,
    fromDate: body.fromDate.slice(0, 10),
    fromDateIsAm: body.fromDateIsAm,
    toDate: body.toDate.slice(0, 10),
    toDateIsAm: body.toDateIsAm,
    days: body.days,
    reason: body.reason || null,
    fileUrl: body.fileUrl || null,
    userId: body.userId,
    user: { ...store.person },
  };
  if (body.userId === store.person.id) store.requests = [...store.requests, created];
  server.answer('POST', '/api/leave-requests', 201, created);
  await settle();
  await serveLeave(server, store);
}

import type { LeaveRequest, LeaveType, WithdrawalPayslip } from '../../src/domain/leave';
import type { FakeServer } from './fake-server';
import { settle } from './harness';
import { countsOf, pageOf } from './leave-store';

/**
 * What the fake server holds of everyone's leave for the admin dashboard, changed only by the requests the
 * app really sends (a PATCH decides the request its path names, as its body says). `serveAdminLeave`
 * answers the dashboard's reads from it.
 */
export interface AdminLeaveStore {
  requests: LeaveRequest[];
  leaveTypes: LeaveType[];
  /** The updatedAt the server stamps on a decision. */
  decidedAt: string;
  /** GETs a walk answers itself, step by step (the counts, say), by path. */
  manual?: string[];
}

export async function serveAdminLeave(server: FakeServer, store: AdminLeaveStore) {
  for (let round = 0; round < 8; round++) {
    const open = server
      .pending('GET')
      .filter(
        (r) =>
          ['/api/leave-requests', '/api/leave-requests/count', '/api/leave-types'].includes(r.path) &&
          !store.manual?.includes(r.path),
      );
    if (!open.length) return;
    for (const r of open) {
      if (r.path === '/api/leave-types') server.answer('GET', r.path, 200, store.leaveTypes);
      else if (r.path === '/api/leave-requests/count')
        server.answer('GET', r.path, 200, countsOf(store.requests));
      else {
        const search = r.query.get('search')?.toLowerCase() ?? '';
        const statuses = r.query.get('status')?.split(',').filter(Boolean) ?? [];
        const types = r.query.get('type')?.split(',').filter(Boolean) ?? [];
        const rows = store.requests.filter(
          (row) =>
            row.user.fullName.toLowerCase().includes(search) &&
            (!statuses.length || statuses.includes(row.status)) &&
            (!types.length || types.includes(row.type)),
        );
        server.answer('GET', r.path, 200, pageOf(rows));
      }
    }
    await settle();
  }
}

/** Answers the waiting PATCH /leave-requests/{id}: the store records the decision its body names. */
export async function answerDecision(server: FakeServer, store: AdminLeaveStore) {
  const [patch] = server.pending('PATCH').filter((r) => r.path.startsWith('/api/leave-requests/'));
  if (!patch) throw new Error('No PATCH of a leave request is waiting');
  const id = Number(patch.path.split('/').pop());
  const { status } = patch.body as { status: 'APPROVED' | 'REJECTED' };
  store.requests = store.requests.map((r) =>
    r.id === id ? { ...r, status, updatedAt: store.decidedAt } : r,
  );
  server.answer(
    'PATCH',
    patch.path,
    200,
    store.requests.find((r) => r.id === id),
  );
  await settle();
  await serveAdminLeave(server, store);
}

/**
 * Answers the waiting POST /leave-requests/{id}/withdrawal/decision: the store records what its body decided
 * (APPROVE: withdrawn, REJECT: approved again); the answer names the payslips given.
 */
export async function answerWithdrawalDecision(
  server: FakeServer,
  store: AdminLeaveStore,
  payslips: WithdrawalPayslip[] = [],
) {
  const [post] = server.pending('POST').filter((r) => r.path.endsWith('/withdrawal/decision'));
  if (!post) throw new Error('No withdrawal decision is waiting');
  const id = Number(post.path.split('/')[3]);
  const { decision } = post.body as { decision: 'APPROVE' | 'REJECT' };
  const status = decision === 'APPROVE' ? ('WITHDRAWN' as const) : ('APPROVED' as const);
  store.requests = store.requests.map((r) =>
    r.id === id ? { ...r, status, updatedAt: store.decidedAt } : r,
  );
  server.answer('POST', post.path, 200, { request: store.requests.find((r) => r.id === id), payslips });
  await settle();
  await serveAdminLeave(server, store);
}

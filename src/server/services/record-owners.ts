import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { claims } from '../db/claim-schema';
import { leaveRequests, payslips, staffInfo } from '../db/schema';
import type { RecordOwners } from '../plugins/access';
import { parseAttachmentKey } from '../storage/storage';
import { STAFF_INFO_NOT_FOUND } from './staff-info';

/** The path's `:id`, as the route's schema validated it. */
const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

/**
 * The owners of the stored records that 'self' routes name (`owner: { record }`), one query each: the
 * access hook reads them for STAFF callers, so the services need no ownership check of their own.
 */
export const recordOwners: RecordOwners = {
  leaveRequest: {
    notFound: 'Leave request not found.',
    hidden: true,
    async owners(db, request) {
      const rows = await db
        .select({ userId: leaveRequests.userId })
        .from(leaveRequests)
        .where(eq(leaveRequests.id, idOf(request)));
      return rows[0] && [rows[0].userId];
    },
  },
  payslip: {
    notFound: 'Payslip not found.',
    hidden: true,
    async owners(db, request) {
      const rows = await db
        .select({ userId: payslips.userId })
        .from(payslips)
        .where(eq(payslips.id, idOf(request)));
      return rows[0] && [rows[0].userId];
    },
  },
  staffInfo: {
    notFound: STAFF_INFO_NOT_FOUND,
    async owners(db, request) {
      const rows = await db
        .select({ userId: staffInfo.userId })
        .from(staffInfo)
        .where(eq(staffInfo.id, idOf(request)));
      return rows[0] && [rows[0].userId];
    },
  },
  claim: {
    notFound: 'Claim not found.',
    hidden: true,
    async owners(db, request) {
      const rows = await db
        .select({ userId: claims.userId })
        .from(claims)
        .where(eq(claims.id, idOf(request)));
      return rows[0] && [rows[0].userId];
    },
  },
  /** An uploaded file: its uploader (named in its key) and the owner of any request or claim holding it. */
  attachment: {
    notFound: 'Attachment not found.',
    async owners(db, request) {
      const key = (request.query as { fileUrl: string }).fileUrl;
      const parsed = parseAttachmentKey(key);
      if (!parsed) return undefined;
      const holders = await db
        .select({ userId: leaveRequests.userId })
        .from(leaveRequests)
        .where(eq(leaveRequests.fileKey, key));
      const claimants = await db
        .select({ userId: claims.userId })
        .from(claims)
        .where(eq(claims.receiptKey, key));
      return [parsed.userId, ...[...holders, ...claimants].map((h) => h.userId)];
    },
  },
};

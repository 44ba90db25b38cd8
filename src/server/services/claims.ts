import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import {
  type Claim,
  type ClaimCounts,
  type ClaimListQuery,
  type ClaimPage,
  type ClaimRefusal,
  type CreateClaim,
  claimAmountProblem,
  claimDateProblem,
  claimLimitProblem,
  claimReceiptProblem,
  DEFAULT_CLAIM_WINDOW_DAYS,
  decidesOwnClaim,
} from '../../domain/claims';
import { todayIso } from '../../domain/dates';
import { CLAIM_STATUSES, type ClaimStatus } from '../../domain/enums';
import {
  type ClaimDecision,
  canClaim,
  claimDecisionEvent,
  claimStatusesTagged,
  claimStatusWords,
  initialClaimStatus,
  nextClaimStatus,
} from '../../domain/lifecycles/claim.lifecycle';
import { amountToCents, centsToAmount } from '../../domain/money';
import { claims, claimTypes } from '../db/claim-schema';
import type { DbOrTx, Tx } from '../db/client';
import { company } from '../db/company-schema';
import { employmentInfo, leaveRequests, payItems, payslips, users } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/http-error';
import type { FileStorage } from '../storage/storage';
import { type Actor, isAdmin } from './actor';
import { sealAttachment } from './attachments';
import { writeAudit } from './audit';
import { COMPANY_ROW } from './company';
import { placeApprovedClaim } from './payroll/claim-items';

// ------------------------------------------------------------------ reading

const claimColumns = {
  id: claims.id,
  status: claims.status,
  claimTypeId: claims.claimTypeId,
  type: claimTypes.name,
  date: claims.date,
  amountCents: claims.amountCents,
  description: claims.description,
  receiptKey: claims.receiptKey,
  userId: claims.userId,
  userFullName: users.fullName,
  userEmail: users.email,
  decidedById: claims.decidedById,
  decisionReason: claims.decisionReason,
  createdAt: claims.createdAt,
  updatedAt: claims.updatedAt,
  // The payslip carrying the claim's pay item: its month is "paid with" once the claim is PAID.
  paidYear: payslips.year,
  paidMonth: payslips.month,
};

const selectClaims = (db: DbOrTx) =>
  db
    .select(claimColumns)
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .innerJoin(claimTypes, eq(claimTypes.id, claims.claimTypeId))
    .leftJoin(payItems, eq(payItems.id, claims.payItemId))
    .leftJoin(payslips, eq(payslips.id, payItems.payslipId));

// A claim on a pay item and no longer owed was paid with that payslip (an approved one is owed still).
const owedStatuses = new Set<string>(claimStatusesTagged('owed'));

type ClaimRow = Awaited<ReturnType<typeof selectClaims>>[number];

function toClaim(row: ClaimRow): Claim {
  const { userFullName, userEmail, amountCents, createdAt, updatedAt, paidYear, paidMonth, ...rest } = row;
  const paid = !owedStatuses.has(row.status) && paidYear !== null && paidMonth !== null;
  return {
    ...rest,
    paidWith: paid ? { year: paidYear, month: paidMonth } : null,
    amount: centsToAmount(amountCents),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    user: { id: row.userId, fullName: userFullName, email: userEmail },
  };
}

export async function findClaim(db: DbOrTx, { id }: { id: number }): Promise<Claim> {
  const [row] = await selectClaims(db).where(eq(claims.id, id));
  if (!row) throw notFound('Claim not found.');
  return toClaim(row);
}

/** The first and last day of a month, or of a year when no month is given. */
function periodOf(year: number, month?: number): [string, string] {
  if (month === undefined) return [`${year}-01-01`, `${year}-12-31`];
  const mm = String(month).padStart(2, '0');
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${year}-${mm}-01`, `${year}-${mm}-${String(last).padStart(2, '0')}`];
}

/**
 * GET /claims: STAFF see only their own claims whatever they ask (the route lets them name only
 * themselves); ADMIN everyone's, or one person's with `userId`. The counts by status are of the same
 * person, year and month, whatever status the page is filtered to.
 */
export async function listClaims(db: DbOrTx, actor: Actor, query: ClaimListQuery): Promise<ClaimPage> {
  const scope: SQL[] = [];
  const userId = isAdmin(actor) ? query.userId : actor.id;
  if (userId !== undefined) scope.push(eq(claims.userId, userId));
  if (query.year !== undefined) {
    const [from, to] = periodOf(query.year, query.month);
    scope.push(gte(claims.date, from), lte(claims.date, to));
  } else if (query.month !== undefined) {
    scope.push(sql`extract(month from ${claims.date}) = ${query.month}`);
  }
  const filtered = query.status?.length ? [...scope, inArray(claims.status, query.status)] : scope;
  const rows = await selectClaims(db)
    .where(and(...filtered))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const tallies = await db
    .select({ status: claims.status, n: count() })
    .from(claims)
    .where(and(...scope))
    .groupBy(claims.status);
  const counts = Object.fromEntries([...CLAIM_STATUSES, 'TOTAL'].map((key) => [key, 0])) as ClaimCounts;
  for (const { status, n } of tallies) {
    counts[status] = n;
    counts.TOTAL += n;
  }
  const total = query.status?.length
    ? query.status.reduce((sum, status) => sum + counts[status], 0)
    : counts.TOTAL;
  return {
    data: rows.map(toClaim),
    currentPage: query.page,
    pageSize: query.limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
    counts,
  };
}

// ------------------------------------------------------------------ filing

const refused = ({ message, code, field }: ClaimRefusal, statusCode = 400) =>
  new HttpError(statusCode, message, {}, { code, field });

/** Every change to one person's claims takes this lock first, so two filings cannot both pass a limit. */
async function lockOwner(tx: Tx, userId: number) {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!owner) throw notFound('User not found.');
}

/** What the owner's other claims of a type already use of its limits in the claim's month and year. */
async function usedOfLimits(tx: Tx, userId: number, claimTypeId: number, date: string) {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const sumBetween = async ([from, to]: [string, string]) => {
    const [row] = await tx
      .select({ cents: sql<number>`coalesce(sum(${claims.amountCents}), 0)::float8` })
      .from(claims)
      .where(
        and(
          eq(claims.userId, userId),
          eq(claims.claimTypeId, claimTypeId),
          inArray(claims.status, claimStatusesTagged('countsAgainstLimits')),
          gte(claims.date, from),
          lte(claims.date, to),
        ),
      );
    return row?.cents ?? 0;
  };
  return {
    usedInMonthCents: await sumBetween(periodOf(year, month)),
    usedInYearCents: await sumBetween(periodOf(year)),
  };
}

/** A live type, read with a share lock so it cannot be deleted or archived under a filing. */
async function liveType(db: DbOrTx, id: number, lock: boolean) {
  const query = db.select().from(claimTypes).where(eq(claimTypes.id, id));
  const [type] = lock ? await query.for('share') : await query;
  if (!type) {
    throw badRequest('There is no such claim type.', { code: 'CLAIM_TYPE_UNKNOWN', field: 'claimTypeId' });
  }
  if (type.archivedAt) {
    throw badRequest(`The claim type ${type.name} is archived: claims can no longer be filed under it.`, {
      code: 'CLAIM_TYPE_ARCHIVED',
      field: 'claimTypeId',
    });
  }
  return type;
}

/** POST /claims: the caller files a claim of their own; each refusal names the rule it keeps. */
export async function createClaim(
  db: DbOrTx,
  actor: Actor,
  input: CreateClaim,
  { storage }: { storage?: FileStorage },
): Promise<Claim> {
  const amountCents = amountToCents(input.amount);
  const uploaded = input.uploadKey?.trim() || null;
  // What needs no lock is refused before the receipt is read from storage.
  const early = await liveType(db, input.claimTypeId, false);
  const cheap = claimAmountProblem(amountCents) ?? claimReceiptProblem(early, uploaded !== null);
  if (cheap) throw refused(cheap);
  const receiptKey = uploaded && (await sealAttachment(storage, actor, uploaded, 'uploadKey'));

  const id = await db.transaction(async (tx) => {
    await lockOwner(tx, actor.id);
    const type = await liveType(tx, input.claimTypeId, true);
    const [employment] = await tx
      .select({ hireDate: employmentInfo.hireDate, lastDayOfService: employmentInfo.lastDayOfService })
      .from(employmentInfo)
      .where(eq(employmentInfo.userId, actor.id));
    const [settings] = await tx
      .select({ windowDays: company.claimWindowDays })
      .from(company)
      .where(eq(company.id, COMPANY_ROW));
    const dateProblem = claimDateProblem(input.date, {
      today: todayIso(),
      windowDays: settings?.windowDays ?? DEFAULT_CLAIM_WINDOW_DAYS,
      hireDate: employment?.hireDate,
      lastDayOfService: employment?.lastDayOfService,
    });
    if (dateProblem) throw refused(dateProblem);
    const receiptProblem = claimReceiptProblem(type, receiptKey !== null);
    if (receiptProblem) throw refused(receiptProblem);
    if (receiptKey) {
      const [inClaim] = await tx
        .select({ id: claims.id })
        .from(claims)
        .where(eq(claims.receiptKey, receiptKey));
      const [inLeave] = await tx
        .select({ id: leaveRequests.id })
        .from(leaveRequests)
        .where(eq(leaveRequests.fileKey, receiptKey));
      if (inClaim || inLeave) throw conflict('This receipt already belongs to another claim or request.');
    }
    const used = await usedOfLimits(tx, actor.id, type.id, input.date);
    const overLimit = claimLimitProblem(type, { date: input.date, amountCents }, used);
    // As leave's balance: a limit the other claims use up is a conflict with them (409).
    if (overLimit) throw refused(overLimit, 409);
    const [created] = await tx
      .insert(claims)
      .values({
        userId: actor.id,
        claimTypeId: type.id,
        status: initialClaimStatus,
        date: input.date,
        amountCents,
        description: input.description,
        receiptKey,
      })
      .returning();
    if (!created) throw new Error('claim not created');
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'claim.created',
      entity: 'claim',
      entityId: created.id,
      subjectUserId: actor.id,
      details: {
        before: null,
        after: {
          type: type.name,
          status: created.status,
          date: created.date,
          amountCents,
          description: created.description,
          receiptKey,
        },
      },
    });
    return created.id;
  });
  return findClaim(db, { id });
}

// ------------------------------------------------------------------ deciding and deleting

/** The owner's lock first (as filing takes it), then the claim's row; 409 when the lifecycle refuses. */
async function lockForEvent(tx: Tx, id: number, event: 'claim.approve' | 'claim.reject' | 'claim.delete') {
  const [peek] = await tx.select({ userId: claims.userId }).from(claims).where(eq(claims.id, id));
  if (!peek) throw notFound('Claim not found.');
  await lockOwner(tx, peek.userId);
  const [row] = await tx.select().from(claims).where(eq(claims.id, id)).for('update');
  // Deleted while this transaction waited for the lock.
  if (!row) throw notFound('Claim not found.');
  if (!canClaim(row.status, event)) {
    const verb = event === 'claim.delete' ? 'deleted' : 'approved or rejected';
    throw conflict(`Only a pending claim can be ${verb}; this one is ${claimStatusWords(row.status)}.`);
  }
  return row;
}

/** POST /claims/{id}/decision (ADMIN): never one's own claim; another administrator decides it. */
export async function decideClaim(
  db: DbOrTx,
  actor: Actor,
  input: { id: number; decision: ClaimDecision; reason?: string },
): Promise<Claim> {
  await db.transaction(async (tx) => {
    const event = claimDecisionEvent[input.decision];
    const row = await lockForEvent(tx, input.id, event);
    if (decidesOwnClaim(row, actor.id)) {
      throw forbidden('You cannot approve or reject your own claim; another administrator must decide it.');
    }
    const status = nextClaimStatus(row.status, event) as ClaimStatus;
    const decisionReason = input.reason || null;
    const decidedAt = new Date();
    await tx
      .update(claims)
      .set({ status, decidedById: actor.id, decisionReason, decidedAt })
      .where(eq(claims.id, row.id));
    // Approved: owed, so onto the open payslip of this month or the next one not processed. The
    // owner's row is held (lockForEvent), as processing holds it: the two take turns.
    const payslip =
      event === 'claim.approve'
        ? await placeApprovedClaim(tx, { id: row.id, userId: row.userId, decidedAt })
        : null;
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: event === 'claim.approve' ? 'claim.approved' : 'claim.rejected',
      entity: 'claim',
      entityId: row.id,
      subjectUserId: row.userId,
      details: {
        before: { status: row.status },
        after: { status, decisionReason, payslipId: payslip?.payslipId ?? null },
      },
    });
  });
  return findClaim(db, input);
}

/** DELETE /claims/{id}: the owner's own pending claim (the route lets no one else); its receipt goes too. */
export async function deleteClaim(db: DbOrTx, actor: Actor, { id }: { id: number }, storage: FileStorage) {
  const receiptKey = await db.transaction(async (tx) => {
    const row = await lockForEvent(tx, id, 'claim.delete');
    await tx.delete(claims).where(eq(claims.id, row.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'claim.deleted',
      entity: 'claim',
      entityId: row.id,
      subjectUserId: row.userId,
      details: {
        before: {
          status: row.status,
          date: row.date,
          amountCents: row.amountCents,
          receiptKey: row.receiptKey,
        },
        after: null,
      },
    });
    return row.receiptKey;
  });
  // A failure here leaves an orphan file, never a broken claim.
  if (receiptKey) await storage.remove(receiptKey).catch(() => {});
}

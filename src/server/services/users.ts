import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { changedValues } from '../../domain/audit';
import type { Role } from '../../domain/auth';
import { payslipStatusesTagged } from '../../domain/lifecycles/payslip.lifecycle';
import { maskAccountNumber, maskNric } from '../../domain/masking';
import type { UserDetail, UserListQuery, UserUpdateRequest } from '../../domain/users';
import type { DbOrTx } from '../db/client';
import { employmentInfo, paymentInfo, payslips, staffInfo, users } from '../db/schema';
import { preparedFor } from '../db/statements';
import { badRequest, conflict, forbidden, notFound } from '../lib/http-error';
import { hashPassword } from '../lib/secrets';
import { type Actor, isAdmin } from './actor';
import { writeAudit } from './audit';
import { centsToAmount } from './staff-records';

// Users: reading, listing, registering, editing and deleting people. Every function takes the
// database (or an enclosing transaction), the actor and the input; it checks the rules, opens its
// own transaction for changes and writes the audit entry in it.

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const EMAIL_ADMIN_ONLY_MESSAGE = 'Only an administrator can change the email address.';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

/** The session's view of a user: hire date comes from employment info (null until onboarded). */
export async function sessionUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      hireDate: employmentInfo.hireDate,
    })
    .from(users)
    .leftJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .where(eq(users.id, id));
  return row ? { ...row, hireDate: row.hireDate ?? null } : undefined;
}

/**
 * A user with their three records, one row: the columns of the answer, nothing more (no password
 * hash, no timestamps). A record left out (no row joined) comes as null.
 */
const userRecordOf = (db: DbOrTx) =>
  db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      staffInfo: {
        id: staffInfo.id,
        gender: staffInfo.gender,
        nric: staffInfo.nric,
        dateOfBirth: staffInfo.dateOfBirth,
        race: staffInfo.race,
        nationality: staffInfo.nationality,
        addressBlock: staffInfo.addressBlock,
        addressStreet: staffInfo.addressStreet,
        addressUnit: staffInfo.addressUnit,
        addressPostalCode: staffInfo.addressPostalCode,
        foreignAddress: staffInfo.foreignAddress,
      },
      employmentInfo: {
        id: employmentInfo.id,
        designation: employmentInfo.designation,
        employmentStatus: employmentInfo.employmentStatus,
        hireDate: employmentInfo.hireDate,
        confirmedDate: employmentInfo.confirmedDate,
        passType: employmentInfo.passType,
        employmentType: employmentInfo.employmentType,
        lastDayOfService: employmentInfo.lastDayOfService,
        workman: employmentInfo.workman,
        daysPerWeek: employmentInfo.daysPerWeek,
        normalHoursPerDay: employmentInfo.normalHoursPerDay,
        restDay: employmentInfo.restDay,
        overtimeExemptionRef: employmentInfo.overtimeExemptionRef,
      },
      paymentInfo: {
        id: paymentInfo.id,
        basicSalaryCents: paymentInfo.basicSalaryCents,
        employeeCpfContributionRate: paymentInfo.employeeCpfRate,
        employerCpfContributionRate: paymentInfo.employerCpfRate,
        cpfType: paymentInfo.cpfType,
        cpfSection: paymentInfo.cpfSection,
        selfHelpGroup: paymentInfo.selfHelpGroup,
        bankName: paymentInfo.bankName,
        bankCode: paymentInfo.bankCode,
        branchCode: paymentInfo.branchCode,
        accountNo: paymentInfo.accountNo,
      },
    })
    .from(users)
    .leftJoin(staffInfo, eq(staffInfo.userId, users.id))
    .leftJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .leftJoin(paymentInfo, eq(paymentInfo.userId, users.id));

type UserRow = Awaited<ReturnType<typeof userRecordOf>>[number];

/** GET /users/:id, and every answer that returns one user's whole record: prepared, as it is hot. */
const userById = preparedFor((db) =>
  userRecordOf(db)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_detail'),
);

/** The full user record of spec section 3, with money as amounts (two decimals) at the edge. */
export async function userDetail(db: DbOrTx, id: number): Promise<UserDetail | undefined> {
  const [row] = await userById(db).execute({ id });
  return row ? toUserRecord(row, { masked: false }) : undefined;
}

/** One user: STAFF their own, ADMIN anyone. */
export async function getUser(db: DbOrTx, { id }: { id: number }): Promise<UserDetail> {
  const user = await userDetail(db, id);
  if (!user) throw notFound('User not found.');
  return user;
}

/**
 * The staff directory (ADMIN): NRIC and account numbers masked, as everywhere in lists; whole only for
 * the staff export (services/exports.ts).
 */
export async function listUsers(
  db: DbOrTx,
  filter: UserListQuery,
  { masked }: { masked: boolean } = { masked: true },
): Promise<UserDetail[]> {
  const search = filter.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await userRecordOf(db)
    .where(
      and(
        filter.role ? eq(users.role, filter.role) : undefined,
        pattern ? or(ilike(users.fullName, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map((row) => toUserRecord(row, { masked }));
}

export interface RegisterUserInput {
  fullName: string;
  email: string;
  role: Role;
  /** The temporary password, which the new user must replace at first sign-in. */
  password: string;
}

/** ADMIN creates an account with a temporary password. */
export async function registerUser(db: DbOrTx, actor: Actor, input: RegisterUserInput) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw conflict(EMAIL_TAKEN_MESSAGE);
    const [user] = await tx
      .insert(users)
      .values({ fullName: input.fullName, email, role: input.role, passwordHash, mustChangePassword: true })
      .returning({ id: users.id, fullName: users.fullName, role: users.role });
    if (!user) throw new Error('insert returned no row');
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'user.registered',
      entity: 'user',
      entityId: user.id,
      subjectUserId: user.id,
      details: { before: null, after: { fullName: input.fullName, email, role: input.role } },
    });
    return user;
  });
}

/** Name and e-mail: STAFF their own, ADMIN anyone's. The e-mail stays unique in any letter case. */
export async function updateUser(
  db: DbOrTx,
  actor: Actor,
  input: UserUpdateRequest & { id: number },
): Promise<UserDetail> {
  const { id, fullName } = input;
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email} and ${users.id} <> ${id}`);
    if (taken) throw conflict(EMAIL_TAKEN_MESSAGE);
    const [before] = await tx
      .select({ fullName: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!before) throw notFound('User not found.');
    // The e-mail is the sign-in name: STAFF change their own name, only ADMIN an address.
    // Here, not in the route's rule: only a change is refused, seen against the row read under its lock.
    if (!isAdmin(actor) && before.email.toLowerCase() !== email) throw forbidden(EMAIL_ADMIN_ONLY_MESSAGE);
    await tx.update(users).set({ fullName, email }).where(eq(users.id, id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'user.updated',
      entity: 'user',
      entityId: id,
      subjectUserId: id,
      details: changedValues(before, { fullName, email }),
    });
    const user = await userDetail(tx, id);
    if (!user) throw notFound('User not found.');
    return user;
  });
}

/** ADMIN deletes a user and their data; refused while processed payslips exist (they must be kept). */
export async function deleteUser(db: DbOrTx, actor: Actor, { id }: { id: number }): Promise<void> {
  if (id === actor.id) throw badRequest('You cannot delete your own account.', { code: 'OWN_ACCOUNT' });
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ fullName: users.fullName, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!target) throw notFound('User not found.');
    const [processed] = await tx
      .select({ n: count() })
      .from(payslips)
      .where(and(eq(payslips.userId, id), inArray(payslips.status, payslipStatusesTagged('processed'))));
    if ((processed?.n ?? 0) > 0) {
      throw conflict(
        `${target.fullName} has processed payslips, which must be kept. Set the employment status to Resigned instead.`,
      );
    }
    await tx.delete(payslips).where(eq(payslips.userId, id));
    await tx.delete(users).where(eq(users.id, id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'user.deleted',
      entity: 'user',
      entityId: id,
      subjectUserId: id,
      details: { before: target, after: null },
    });
  });
}

function toUserRecord(r: UserRow, { masked }: { masked: boolean }): UserDetail {
  const { staffInfo: staff, employmentInfo: employment, paymentInfo: payment } = r;
  return {
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    role: r.role,
    hireDate: employment?.hireDate ?? null,
    staffInfo: staff && { ...staff, nric: masked ? maskNric(staff.nric) : staff.nric },
    employmentInfo: employment,
    paymentInfo: payment && {
      id: payment.id,
      basicSalary: centsToAmount(payment.basicSalaryCents),
      employeeCpfContributionRate: payment.employeeCpfContributionRate,
      employerCpfContributionRate: payment.employerCpfContributionRate,
      cpfType: payment.cpfType,
      cpfSection: payment.cpfSection,
      selfHelpGroup: payment.selfHelpGroup,
      bankName: payment.bankName,
      bankCode: payment.bankCode,
      branchCode: payment.branchCode,
      accountNo: masked && payment.accountNo ? maskAccountNumber(payment.accountNo) : payment.accountNo,
    },
  };
}

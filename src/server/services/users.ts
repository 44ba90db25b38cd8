import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { maskAccountNumber, maskNric } from '../../domain/masking';
import type { DbOrTx } from '../db/client';
import { employmentInfo, paymentInfo, staffInfo, users } from '../db/schema';
import { toEmploymentInfo, toPaymentInfo, toStaffInfo } from './staff-records';

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

type UserJoin = {
  user: typeof users.$inferSelect;
  staff: typeof staffInfo.$inferSelect | null;
  employment: typeof employmentInfo.$inferSelect | null;
  payment: typeof paymentInfo.$inferSelect | null;
};

const userJoin = (db: DbOrTx) =>
  db
    .select({ user: users, staff: staffInfo, employment: employmentInfo, payment: paymentInfo })
    .from(users)
    .leftJoin(staffInfo, eq(staffInfo.userId, users.id))
    .leftJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .leftJoin(paymentInfo, eq(paymentInfo.userId, users.id));

/** The full user record of spec section 3, with money as amounts (two decimals) at the edge. */
export async function userDetail(db: DbOrTx, id: number) {
  const [row] = await userJoin(db).where(eq(users.id, id));
  return row ? toUserRecord(row, { masked: false }) : undefined;
}

/** The staff directory: NRIC and account numbers masked, as everywhere in lists. */
export async function listUsers(
  db: DbOrTx,
  filter: { search?: string | undefined; role?: 'ADMIN' | 'STAFF' | undefined },
) {
  const conditions = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern)));
  }
  const rows = await userJoin(db)
    .where(and(...conditions))
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map((row) => toUserRecord(row, { masked: true }));
}

function toUserRecord({ user, staff, employment, payment }: UserJoin, { masked }: { masked: boolean }) {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    hireDate: employment?.hireDate ?? null,
    staffInfo: staff ? { ...toStaffInfo(staff), nric: masked ? maskNric(staff.nric) : staff.nric } : null,
    employmentInfo: employment ? toEmploymentInfo(employment) : null,
    paymentInfo: payment
      ? {
          ...toPaymentInfo(payment),
          accountNo: masked && payment.accountNo ? maskAccountNumber(payment.accountNo) : payment.accountNo,
        }
      : null,
  };
}

import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { employmentInfo, paymentInfo, staffInfo, users } from '../db/schema';

export const centsToAmount = (cents: number) => cents / 100;

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

/** The full user record of spec section 3, with money as amounts (two decimals) at the edge. */
export async function userDetail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ user: users, staff: staffInfo, employment: employmentInfo, payment: paymentInfo })
    .from(users)
    .leftJoin(staffInfo, eq(staffInfo.userId, users.id))
    .leftJoin(employmentInfo, eq(employmentInfo.userId, users.id))
    .leftJoin(paymentInfo, eq(paymentInfo.userId, users.id))
    .where(eq(users.id, id));
  if (!row) return undefined;
  const { user, staff, employment, payment } = row;
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    hireDate: employment?.hireDate ?? null,
    staffInfo: staff
      ? {
          id: staff.id,
          gender: staff.gender,
          nric: staff.nric,
          dateOfBirth: staff.dateOfBirth,
          race: staff.race,
          nationality: staff.nationality,
        }
      : null,
    employmentInfo: employment
      ? {
          id: employment.id,
          designation: employment.designation,
          employmentStatus: employment.employmentStatus,
          hireDate: employment.hireDate,
          confirmedDate: employment.confirmedDate,
          passType: employment.passType,
          employmentType: employment.employmentType,
        }
      : null,
    paymentInfo: payment
      ? {
          id: payment.id,
          basicSalary: centsToAmount(payment.basicSalaryCents),
          employeeCpfContributionRate: payment.employeeCpfRate,
          employerCpfContributionRate: payment.employerCpfRate,
          cpfType: payment.cpfType,
          cpfSection: payment.cpfSection,
          selfHelpGroup: payment.selfHelpGroup,
          bankName: payment.bankName,
          bankCode: payment.bankCode,
          branchCode: payment.branchCode,
          accountNo: payment.accountNo,
        }
      : null,
  };
}

import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '../../domain/auth';
import type { EmploymentInfo } from '../../domain/employment-info';
import { payslipStatusesTagged } from '../../domain/lifecycles/payslip.lifecycle';
import { maskAccountNumber, maskNric } from '../../domain/masking';
import type { PaymentInfo } from '../../domain/payment-info';
import type { StaffInfo } from '../../domain/staff-info';
import type { UserDetail, UserListQuery, UserUpdateRequest } from '../../domain/users';
import type { DbOrTx } from '../db/client';
import { employmentInfo, payslips, users } from '../db/schema';
import { run, statement } from '../db/statements';
import { badRequest, conflict, forbidden, notFound } from '../lib/http-error';
import { hashPassword } from '../lib/secrets';
import { type Actor, assertAdmin, isAdmin } from './actor';
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
 * hash, no timestamps). A record's columns are read only when its id is there.
 */
type UserRow = {
  id: number;
  full_name: string;
  email: string;
  role: Role;
  s_id: number | null;
  gender: StaffInfo['gender'];
  nric: string;
  date_of_birth: string;
  race: StaffInfo['race'];
  nationality: string;
  e_id: number | null;
  designation: string;
  employment_status: EmploymentInfo['employmentStatus'];
  hire_date: string;
  confirmed_date: string | null;
  pass_type: EmploymentInfo['passType'];
  employment_type: EmploymentInfo['employmentType'];
  last_day_of_service: string | null;
  p_id: number | null;
  basic_salary_cents: number;
  /** numeric, as text */
  employee_cpf_rate: string | null;
  employer_cpf_rate: string | null;
  cpf_type: PaymentInfo['cpfType'];
  cpf_section: PaymentInfo['cpfSection'];
  self_help_group: PaymentInfo['selfHelpGroup'];
  bank_name: PaymentInfo['bankName'];
  bank_code: string | null;
  branch_code: string | null;
  account_no: string | null;
};

const USER_ROW = `select u.id, u.full_name, u.email, u.role,
    s.id as s_id, s.gender, s.nric, s.date_of_birth::text, s.race, s.nationality,
    e.id as e_id, e.designation, e.employment_status, e.hire_date::text, e.confirmed_date::text, e.pass_type,
    e.employment_type, e.last_day_of_service::text,
    p.id as p_id, p.basic_salary_cents, p.employee_cpf_rate::text, p.employer_cpf_rate::text, p.cpf_type,
    p.cpf_section, p.self_help_group, p.bank_name, p.bank_code, p.branch_code, p.account_no
  from users u
    left join staff_info s on s.user_id = u.id
    left join employment_info e on e.user_id = u.id
    left join payment_info p on p.user_id = u.id`;

/** GET /users/:id, and every answer that returns one user's whole record. */
export const USER_DETAIL = statement<UserRow>('user_detail', `${USER_ROW} where u.id = $1`);

/** The directory: optionally one role ($1) and a name or e-mail pattern ($2, for ilike). */
const USER_LIST = statement<UserRow>(
  'user_list',
  `${USER_ROW}
  where ($1::text is null or u.role = $1) and ($2::text is null or u.full_name ilike $2 or u.email ilike $2)
  order by u.full_name, u.id`,
);

/** The full user record of spec section 3, with money as amounts (two decimals) at the edge. */
export async function userDetail(db: DbOrTx, id: number): Promise<UserDetail | undefined> {
  const [row] = await run(db, USER_DETAIL, [id]);
  return row ? toUserRecord(row, { masked: false }) : undefined;
}

/** One user: STAFF their own, ADMIN anyone. */
export async function getUser(db: DbOrTx, { id }: { id: number }): Promise<UserDetail> {
  const user = await userDetail(db, id);
  if (!user) throw notFound('User not found.');
  return user;
}

/** The staff directory (ADMIN): NRIC and account numbers masked, as everywhere in lists. */
export async function listUsers(db: DbOrTx, actor: Actor, filter: UserListQuery): Promise<UserDetail[]> {
  assertAdmin(actor);
  const search = filter.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await run(db, USER_LIST, [filter.role ?? null, pattern]);
  return rows.map((row) => toUserRecord(row, { masked: true }));
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
  assertAdmin(actor);
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
      details: { role: input.role },
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
    if (!isAdmin(actor) && before.email.toLowerCase() !== email) throw forbidden(EMAIL_ADMIN_ONLY_MESSAGE);
    await tx.update(users).set({ fullName, email }).where(eq(users.id, id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'user.updated',
      entity: 'user',
      entityId: id,
      details: { before, after: { fullName, email } },
    });
    const user = await userDetail(tx, id);
    if (!user) throw notFound('User not found.');
    return user;
  });
}

/** ADMIN deletes a user and their data; refused while processed payslips exist (they must be kept). */
export async function deleteUser(db: DbOrTx, actor: Actor, { id }: { id: number }): Promise<void> {
  assertAdmin(actor);
  if (id === actor.id) throw badRequest('You cannot delete your own account.');
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
      details: { deleted: target },
    });
  });
}

function toUserRecord(r: UserRow, { masked }: { masked: boolean }): UserDetail {
  return {
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    role: r.role,
    hireDate: r.e_id === null ? null : r.hire_date,
    staffInfo:
      r.s_id === null
        ? null
        : {
            id: r.s_id,
            gender: r.gender,
            nric: masked ? maskNric(r.nric) : r.nric,
            dateOfBirth: r.date_of_birth,
            race: r.race,
            nationality: r.nationality,
          },
    employmentInfo:
      r.e_id === null
        ? null
        : {
            id: r.e_id,
            designation: r.designation,
            employmentStatus: r.employment_status,
            hireDate: r.hire_date,
            confirmedDate: r.confirmed_date,
            passType: r.pass_type,
            employmentType: r.employment_type,
            lastDayOfService: r.last_day_of_service,
          },
    paymentInfo:
      r.p_id === null
        ? null
        : {
            id: r.p_id,
            basicSalary: centsToAmount(r.basic_salary_cents),
            employeeCpfContributionRate: r.employee_cpf_rate === null ? null : Number(r.employee_cpf_rate),
            employerCpfContributionRate: r.employer_cpf_rate === null ? null : Number(r.employer_cpf_rate),
            cpfType: r.cpf_type,
            cpfSection: r.cpf_section,
            selfHelpGroup: r.self_help_group,
            bankName: r.bank_name,
            bankCode: r.bank_code,
            branchCode: r.branch_code,
            accountNo: masked && r.account_no ? maskAccountNumber(r.account_no) : r.account_no,
          },
  };
}

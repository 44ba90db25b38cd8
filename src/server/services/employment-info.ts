import { eq } from 'drizzle-orm';
import { changedValues } from '../../domain/audit';
import type { EmploymentInfo, EmploymentInfoBody } from '../../domain/employment-info';
import type { DbOrTx } from '../db/client';
import { employmentInfo } from '../db/schema';
import { notFound } from '../lib/http-error';
import type { Actor } from './actor';
import { writeAudit } from './audit';
import { toEmploymentInfo } from './staff-records';

export const EMPLOYMENT_INFO_NOT_FOUND = 'Employment information not found.';

/** GET /users/{id}/employment-info: the user's own, or anyone's for ADMIN. */
export async function getEmploymentInfo(db: DbOrTx, input: { userId: number }): Promise<EmploymentInfo> {
  const [row] = await db.select().from(employmentInfo).where(eq(employmentInfo.userId, input.userId));
  if (!row) throw notFound(EMPLOYMENT_INFO_NOT_FOUND);
  return toEmploymentInfo(row);
}

/** PATCH /employment-info/{id} (the record's id), ADMIN only: the route's access rule says so. */
export async function updateEmploymentInfo(
  db: DbOrTx,
  actor: Actor,
  input: { id: number; body: EmploymentInfoBody },
): Promise<EmploymentInfo> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(employmentInfo)
      .where(eq(employmentInfo.id, input.id))
      .for('update');
    if (!before) throw notFound(EMPLOYMENT_INFO_NOT_FOUND);
    const [after] = await tx
      .update(employmentInfo)
      .set(input.body)
      .where(eq(employmentInfo.id, input.id))
      .returning();
    if (!after) throw notFound(EMPLOYMENT_INFO_NOT_FOUND);
    const { id: _, ...beforeValues } = toEmploymentInfo(before);
    const { id: __, ...afterValues } = toEmploymentInfo(after);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: 'employmentInfo.updated',
      entity: 'user',
      entityId: before.userId,
      subjectUserId: before.userId,
      details: changedValues(beforeValues, afterValues),
    });
    return toEmploymentInfo(after);
  });
}

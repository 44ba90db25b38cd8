import type { Role } from '../../domain/auth';
import { forbidden, notFound } from '../lib/http-error';

/** Who performs a service call: the signed-in user, as the access hook resolved them. */
export interface Actor {
  id: number;
  role: Role;
}

export const isAdmin = (actor: Actor) => actor.role === 'ADMIN';

/** ADMIN reach every record; STAFF only records they own. Services call this after looking the owner up. */
export function assertOwnerOrAdmin(
  actor: Actor,
  ownerId: number,
  message = 'You can only access your own record.',
): void {
  if (!isAdmin(actor) && actor.id !== ownerId) throw forbidden(message);
}

/**
 * For records reached by their own id (a leave request, a payslip): someone else's answers exactly
 * as a missing one, so ids cannot be probed for what exists.
 */
export function assertOwnerOrAdminElseNotFound(actor: Actor, ownerId: number, notFoundMessage: string): void {
  if (!isAdmin(actor) && actor.id !== ownerId) throw notFound(notFoundMessage);
}

export function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden();
}

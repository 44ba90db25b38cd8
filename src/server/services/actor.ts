import type { Role } from '../../domain/auth';
import { forbidden } from '../lib/http-error';

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

export function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden();
}

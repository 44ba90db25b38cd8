import type { Role } from '../../domain/auth';
import { forbidden } from '../lib/http-error';

/** Who performs a service call: the signed-in user, as the access hook resolved them. */
export interface Actor {
  id: number;
  role: Role;
}

export const isAdmin = (actor: Actor) => actor.role === 'ADMIN';

export function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden();
}

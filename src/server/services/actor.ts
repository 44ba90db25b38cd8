import type { Role } from '../../domain/auth';

/** Who performs a service call: the signed-in user, as the access hook resolved them. */
export interface Actor {
  id: number;
  role: Role;
}

/** What a service decides by role within a call (masking, field rules); who may call a route is its rule. */
export const isAdmin = (actor: Actor) => actor.role === 'ADMIN';

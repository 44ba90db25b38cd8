import { z } from 'zod';
import { idSchema, roleSchema } from '../domain/auth';
import { type ApiClient, apiClient } from './client';

/**
 * The fields of a user this issue reads. Loose: staffInfo, employmentInfo and paymentInfo pass through untouched
 * until the screens that use them define their schemas.
 */
export const userSchema = z.looseObject({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;

export interface UserUpdate {
  fullName: string;
  email: string;
}

/** Spec section 7, Users: GET and PATCH /users/{id}. */
export function createUsersApi(client: ApiClient) {
  return {
    /** On failure the spec logs and answers an empty object. */
    async get(id: number): Promise<User | Record<string, never>> {
      try {
        return userSchema.parse(await client.request(`/users/${id}`));
      } catch (error) {
        console.error('Failed to fetch user', error);
        return {};
      }
    },
    async update(id: number, body: UserUpdate): Promise<User> {
      const answer = await client.request(`/users/${id}`, { method: 'PATCH', body });
      return userSchema.parse(answer);
    },
  };
}

export const usersApi = createUsersApi(apiClient);

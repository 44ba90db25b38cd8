import { z } from 'zod';
import { idSchema, type Role, roleSchema } from '../domain/auth';
import { type DirectoryEntry, directoryEntrySchema } from '../domain/staff-directory';
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

/** Spec section 7, Users: GET /users, GET, PATCH and DELETE /users/{id}. */
export function createUsersApi(client: ApiClient) {
  return {
    /** The directory, filtered on the server by a search on name or e-mail and by role. */
    async list(query: { search: string; role?: Role }): Promise<DirectoryEntry[]> {
      return z.array(directoryEntrySchema).parse(await client.request('/users', { query }));
    },
    /** Rejects with the API's error (a user with processed payslips is kept: 409). */
    async remove(id: number): Promise<void> {
      await client.request(`/users/${id}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete the user',
      });
    },
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

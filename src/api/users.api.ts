import {
  type UserDetail,
  type UserListQuery,
  type UserUpdateRequest,
  userDetailSchema,
  userListSchema,
} from '../domain/users';
import { type ApiClient, apiClient } from './client';

export type User = UserDetail;
export type UserUpdate = UserUpdateRequest;

/** Spec section 7, Users: answers are parsed with the schemas the server answers with (src/domain/users). */
export function createUsersApi(client: ApiClient) {
  return {
    async list(query: UserListQuery = {}): Promise<UserDetail[]> {
      return userListSchema.parse(await client.request('/users', { query }));
    },
    /** On failure the spec logs and answers an empty object. */
    async get(id: number): Promise<UserDetail | Record<string, never>> {
      try {
        return userDetailSchema.parse(await client.request(`/users/${id}`));
      } catch (error) {
        console.error('Failed to fetch user', error);
        return {};
      }
    },
    async update(id: number, body: UserUpdate): Promise<UserDetail> {
      return userDetailSchema.parse(await client.request(`/users/${id}`, { method: 'PATCH', body }));
    },
    /** Spec: success is true, failure false. */
    async remove(id: number): Promise<boolean> {
      try {
        await client.request(`/users/${id}`, {
          method: 'DELETE',
          fallbackMessage: 'Failed to delete the user',
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}

export const usersApi = createUsersApi(apiClient);

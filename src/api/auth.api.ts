import type * as z from 'zod/mini';
import {
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  type Role,
  refreshResponseSchema,
  registerResponseSchema,
} from '../domain/auth';
import { type ApiClient, apiClient } from './client';

export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export interface RegisterRequest {
  fullName: string;
  email: string;
  role: Role;
  password: string;
}

/** Spec section 7, Authentication: one typed function per endpoint. */
export function createAuthApi(client: ApiClient) {
  return {
    async login(body: LoginRequest): Promise<LoginResponse> {
      return loginResponseSchema.parse(await client.request('/auth/login', { method: 'POST', body }));
    },
    async logout(): Promise<void> {
      await client.request('/auth/logout', { method: 'POST', skipInterceptor: true });
    },
    async refresh(): Promise<{ accessToken: string }> {
      const answer = await client.request('/auth/refresh', {
        method: 'POST',
        skipInterceptor: true,
        withoutAuthorization: true,
      });
      return refreshResponseSchema.parse(answer);
    },
    async forgetPassword(body: { email: string }): Promise<void> {
      await client.request('/auth/forget-password', {
        method: 'POST',
        body,
        fallbackMessage: 'An error occurred. Please try again.',
      });
    },
    async resetPassword(body: { token: string; newPassword: string }): Promise<void> {
      await client.request('/auth/reset-password', { method: 'POST', body });
    },
    async register(body: RegisterRequest): Promise<RegisterResponse> {
      return registerResponseSchema.parse(await client.request('/auth/register', { method: 'POST', body }));
    },
    /** The answer carries the access token of this session after every other one was signed out. */
    async changePassword(body: {
      currentPassword: string;
      newPassword: string;
    }): Promise<{ accessToken: string }> {
      const answer = await client.request('/auth/change-password', {
        method: 'POST',
        body,
        fallbackMessage: 'An error occurred. Please try again.',
      });
      return refreshResponseSchema.parse(answer);
    },
  };
}

export const authApi = createAuthApi(apiClient);

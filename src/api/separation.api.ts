import type { Ir21ClearanceBody } from '../domain/ir21';
import { type Separation, type SeparationBody, separationSchema } from '../domain/separation';
import { type ApiClient, apiClient } from './client';
import { ApiRequestError } from './errors';
import { fileNameOf, refusalAsJson } from './submissions.api';

/** Issue 35: an employee's separation and their key employment terms as a PDF. */
export function createSeparationApi(client: ApiClient) {
  return {
    /** GET /users/{id}/separation; none standing (404) answers null. */
    async get(userId: number): Promise<Separation | null> {
      try {
        return separationSchema.parse(await client.request(`/users/${userId}/separation`));
      } catch (error) {
        if (error instanceof ApiRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async create(userId: number, body: SeparationBody): Promise<Separation> {
      return separationSchema.parse(
        await client.request(`/users/${userId}/separation`, { method: 'POST', body }),
      );
    },
    async acknowledge(userId: number): Promise<Separation> {
      return separationSchema.parse(
        await client.request(`/users/${userId}/separation/acknowledge`, { method: 'POST' }),
      );
    },
    async withdraw(userId: number): Promise<Separation> {
      return separationSchema.parse(
        await client.request(`/users/${userId}/separation`, { method: 'DELETE' }),
      );
    },
    /** GET /users/{id}/kets: the PDF and the items its Kets-Missing header names. */
    async kets(userId: number): Promise<{ blob: Blob; fileName: string; missing: string[] }> {
      let fileName = `key-employment-terms-${userId}.pdf`;
      let missing: string[] = [];
      const blob = await client.request<Blob>(`/users/${userId}/kets`, {
        responseType: 'blob',
        ...refusalAsJson,
        onResponse: ({ response }) => {
          fileName = fileNameOf(response.headers.get('content-disposition'), fileName);
          const named = response.headers.get('kets-missing') ?? '';
          missing = named === '' ? [] : named.split(', ');
        },
      });
      return { blob, fileName, missing };
    },
    /** GET /users/{id}/ir21?year&format: the leaver's IR21 as a PDF or CSV. */
    async ir21(
      userId: number,
      year: number,
      format: 'pdf' | 'csv',
    ): Promise<{ blob: Blob; fileName: string }> {
      let fileName = `ir21-${year}-${userId}.${format}`;
      const blob = await client.request<Blob>(`/users/${userId}/ir21`, {
        query: { year, format },
        responseType: 'blob',
        ...refusalAsJson,
        onResponse: ({ response }) => {
          fileName = fileNameOf(response.headers.get('content-disposition'), fileName);
        },
      });
      return { blob, fileName };
    },
    async clearIr21(userId: number, body: Ir21ClearanceBody): Promise<Separation> {
      return separationSchema.parse(
        await client.request(`/users/${userId}/ir21-clearance`, { method: 'POST', body }),
      );
    },
  };
}

export type SeparationApi = ReturnType<typeof createSeparationApi>;
export const separationApi = createSeparationApi(apiClient);

import { type AuditFilters, type AuditPage, auditPageSchema } from '../domain/audit';
import { type ApiClient, apiClient } from './client';
import { fileNameOf, refusalAsJson } from './submissions.api';

/** GET /audit and its CSV (issue 39): answers parsed with the schema the server answers with. */
export function createAuditApi(client: ApiClient) {
  return {
    async list(query: AuditFilters & { page: number; pageSize: number }): Promise<AuditPage> {
      return auditPageSchema.parse(await client.request('/audit', { query }));
    },
    async csv(filters: AuditFilters): Promise<{ blob: Blob; fileName: string }> {
      let fileName = 'audit.csv';
      const blob = await client.request<Blob>('/audit.csv', {
        query: filters,
        responseType: 'blob',
        ...refusalAsJson,
        onResponse: ({ response }) => {
          fileName = fileNameOf(response.headers.get('content-disposition'), fileName);
        },
      });
      return { blob, fileName };
    },
  };
}

export const auditApi = createAuditApi(apiClient);
export type AuditApi = ReturnType<typeof createAuditApi>;

import type { ExportFormat } from '../domain/exports';
import { type ApiClient, apiClient } from './client';
import { fileNameOf, type NamedFile, refusalAsJson } from './submissions.api';

/** GET /exports/staff and /exports/leave (issue 38 item 5): the file, under the name the server gives it. */
export function createExportsApi(client: ApiClient) {
  async function download(path: string, format: ExportFormat, filters: Record<string, string | undefined>) {
    let fileName = `${path.split('/').pop()}.${format}`;
    const query = Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
    );
    const blob = await client.request<Blob>(path, {
      query: { ...query, format },
      responseType: 'blob',
      ...refusalAsJson,
      onResponse: ({ response }) => {
        fileName = fileNameOf(response.headers.get('content-disposition'), fileName);
      },
    });
    return { blob, fileName } satisfies NamedFile;
  }
  return {
    staff: (format: ExportFormat, filters: Record<string, string | undefined>) =>
      download('/exports/staff', format, filters),
    leave: (format: ExportFormat, filters: Record<string, string | undefined>) =>
      download('/exports/leave', format, filters),
  };
}

export const exportsApi = createExportsApi(apiClient);
export type ExportsApi = ReturnType<typeof createExportsApi>;

import {
  type ImportApplied,
  type ImportFormat,
  type ImportKind,
  importAppliedSchema,
} from '../domain/staff-import';
import type { ApiClient } from './client';
import { fileNameOf, type NamedFile, refusalAsJson } from './submissions.api';

/** Imports from spreadsheets (issue 38 items 2 to 4): templates, and a file's dry run or apply. */
export function createImportsApi(client: ApiClient) {
  return {
    async template(kind: ImportKind, format: ImportFormat): Promise<NamedFile> {
      let fileName = `${kind}-import.${format}`;
      const blob = await client.request<Blob>(`/imports/${kind}/template`, {
        query: { format },
        responseType: 'blob',
        ...refusalAsJson,
        onResponse: ({ response }) => {
          fileName = fileNameOf(response.headers.get('content-disposition'), fileName);
        },
      });
      return { blob, fileName };
    },
    /** The file as the raw body; `dryRun` only checks it, otherwise it is imported whole or not at all. */
    async upload(kind: ImportKind, file: Blob, dryRun: boolean): Promise<ImportApplied> {
      return importAppliedSchema.parse(
        await client.request(`/imports/${kind}`, {
          method: 'POST',
          query: { dryRun: String(dryRun) },
          headers: { 'content-type': file.type || 'application/octet-stream' },
          body: file,
        }),
      );
    },
  };
}

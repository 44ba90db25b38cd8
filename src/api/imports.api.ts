import { type InviteAnswer, inviteAnswerSchema } from '../domain/import-invite';
import { type ImportJob, importJobSchema } from '../domain/import-jobs';
import {
  type ImportApplied,
  type ImportFormat,
  type ImportKind,
  importAppliedSchema,
} from '../domain/staff-import';
import { type ApiClient, apiClient } from './client';
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
    /** An apply's job over 500 rows: its progress (issue 38 item 6). */
    async job(jobId: string): Promise<ImportJob> {
      return importJobSchema.parse(await client.request(`/imports/jobs/${encodeURIComponent(jobId)}`));
    },
    /** E-mails each imported staff member the set-password link of "Forgot password". */
    async invite(userIds: number[]): Promise<InviteAnswer> {
      return inviteAnswerSchema.parse(
        await client.request('/imports/staff/invite', { method: 'POST', body: { userIds } }),
      );
    },
  };
}

export const importsApi = createImportsApi(apiClient);

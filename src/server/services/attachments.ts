import { inArray } from 'drizzle-orm';
import {
  ATTACHMENT_MAX_BYTES,
  type AttachmentType,
  detectAttachmentType,
  SNIFF_BYTES,
} from '../../domain/attachments';
import type { UploadGrant } from '../../domain/leave';
import { claims } from '../db/claim-schema';
import type { DbOrTx } from '../db/client';
import { leaveRequests } from '../db/schema';
import { badRequest, forbidden, notFound } from '../lib/http-error';
import {
  type FileStorage,
  newAttachmentKey,
  parseAttachmentKey,
  UPLOAD_URL_SECONDS,
  VIEW_URL_SECONDS,
} from '../storage/storage';
import type { Actor } from './actor';

const typeNames: Record<AttachmentType, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/webp': 'a WebP image',
  'image/heic': 'a HEIC image',
  'application/pdf': 'a PDF document',
};

/** An upload grant: a key that names the requesting user, and a PUT URL that expires. */
export async function grantUpload(
  actor: Actor,
  input: { fileName: string; fileType: AttachmentType },
  { storage }: { storage: FileStorage },
): Promise<UploadGrant> {
  const uploadKey = newAttachmentKey(actor.id, input.fileName, input.fileType);
  return { uploadKey, uploadUrl: await storage.uploadUrl(uploadKey, input.fileType, UPLOAD_URL_SECONDS) };
}

/** Why an uploaded file cannot be kept, or undefined when it can: the size and the content decide. */
export function attachmentProblem(
  declared: AttachmentType,
  size: number,
  head: Uint8Array,
): string | undefined {
  if (size === 0) return 'The file is empty.';
  if (size > ATTACHMENT_MAX_BYTES) return `File is larger than ${ATTACHMENT_MAX_BYTES} bytes`;
  if (detectAttachmentType(head) !== declared) return `The file's content is not ${typeNames[declared]}.`;
  return undefined;
}

/**
 * Before a request takes an attachment: the key must be one granted to this user, the file must be there,
 * at most 10 MB, and its first bytes must match the declared type. A file that fails is removed.
 */
export async function checkAttachment(storage: FileStorage, actor: Actor, key: string, field = 'fileUrl') {
  const parsed = parseAttachmentKey(key);
  if (!parsed)
    throw badRequest('The attachment reference is not valid.', {
      code: 'ATTACHMENT_INVALID',
      field,
    });
  // Not a route rule: it binds the file in the body to its uploader, ADMIN included, whoever the
  // request is for (an upload grant is the caller's own).
  if (parsed.userId !== actor.id) throw forbidden('This attachment was uploaded by someone else.');
  const stored = await storage.inspect(key, SNIFF_BYTES);
  if (!stored)
    throw badRequest('The attachment has not been uploaded.', {
      code: 'ATTACHMENT_NOT_UPLOADED',
      field,
    });
  const problem = attachmentProblem(parsed.type, stored.size, stored.head);
  if (problem) {
    await storage.remove(key);
    throw badRequest(problem, { code: 'ATTACHMENT_INVALID', field });
  }
}

/**
 * The key a new request (or a claim's receipt, `field` 'uploadKey') keeps for an uploaded file: checked,
 * then sealed (see FileStorage.seal), so what the approver sees is what was checked and no upload link
 * can replace it.
 */
export async function sealAttachment(
  storage: FileStorage | undefined,
  actor: Actor,
  key: string,
  field = 'fileUrl',
) {
  if (!storage) throw new Error('an attachment needs the file storage');
  await checkAttachment(storage, actor, key, field);
  const sealed = await storage.seal(key);
  if (sealed !== key) await checkAttachment(storage, actor, sealed, field);
  return sealed;
}

/**
 * A view link. Who may have it (the uploader, the owner of the request holding the file, admins) is
 * the route's access rule (the 'attachment' record owners).
 */
export async function grantView(
  { fileUrl: key }: { fileUrl: string },
  { storage }: { storage: FileStorage },
) {
  if (!parseAttachmentKey(key)) throw notFound('Attachment not found.');
  return { signedUrl: await storage.viewUrl(key, VIEW_URL_SECONDS) };
}

/** How long an upload may wait for the leave request that uses it: a day, far past its ten-minute link. */
export const UNATTACHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Removes uploaded files that no leave request or claim holds and that are older than `olderThanMs`: a file
 * uploaded and then abandoned (the dialog closed) would otherwise stay forever. Returns how many went.
 */
export async function removeUnattachedUploads(
  db: DbOrTx,
  storage: FileStorage,
  { now = new Date(), olderThanMs = UNATTACHED_UPLOAD_LIFETIME_MS } = {},
): Promise<number> {
  const cutoff = now.getTime() - olderThanMs;
  const stale: string[] = [];
  for await (const file of storage.list()) {
    if (file.modifiedAt.getTime() < cutoff) stale.push(file.key);
  }
  let removed = 0;
  for (let i = 0; i < stale.length; i += 500) {
    const batch = stale.slice(i, i + 500);
    const held = await db
      .select({ key: leaveRequests.fileKey })
      .from(leaveRequests)
      .where(inArray(leaveRequests.fileKey, batch));
    const receipts = await db
      .select({ key: claims.receiptKey })
      .from(claims)
      .where(inArray(claims.receiptKey, batch));
    const kept = new Set([...held, ...receipts].map((row) => row.key));
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.remove(key);
      removed += 1;
    }
  }
  return removed;
}

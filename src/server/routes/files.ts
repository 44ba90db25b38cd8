import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  detectAttachmentType,
  isAttachmentType,
  UPLOAD_GRANTS_PER_HOUR,
} from '../../domain/attachments';
import {
  downloadGrantQuerySchema,
  downloadGrantSchema,
  uploadGrantQuerySchema,
  uploadGrantSchema,
} from '../../domain/leave';
import { leaveRequests } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/http-error';
import { actorOf } from '../plugins/access';
import { attachmentProblem, grantUpload, grantView } from '../services/attachments';
import type { LocalDiskStorage } from '../storage/local-disk';
import { type FileStorage, parseAttachmentKey } from '../storage/storage';
import { errorResponses } from './schemas';

const security = [{ bearerAuth: [] }];

/** The spec's upload and download grants (spec section 7, Files). */
export async function fileGrantRoutes(app: FastifyInstance, deps: { storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/s3/upload-url',
    {
      config: {
        access: 'signedIn',
        // Per user (counted after the access check has named them), shared across processes with Redis.
        rateLimit: {
          max: UPLOAD_GRANTS_PER_HOUR,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (request) => `upload-grant:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['files'],
        summary:
          'An upload grant bound to the caller: PUT the raw file to uploadUrl (no auth header) with its own content type, before it expires',
        security,
        querystring: uploadGrantQuerySchema,
        response: { 200: uploadGrantSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => grantUpload(actorOf(request), request.query, deps),
  );

  r.get(
    '/s3/signed-url',
    {
      config: {
        access: 'self',
        owner: { record: 'attachment', message: 'You cannot view this attachment.' },
      },
      schema: {
        tags: ['files'],
        summary: "A view link that expires, for the attachment's owner and for admins",
        security,
        querystring: downloadGrantQuerySchema,
        response: { 200: downloadGrantSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => grantView(request.query, deps),
  );
}

const signedQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
const keyParams = z.object({ '*': z.string().max(600) });

/**
 * The local-disk driver's signed URLs: the browser PUTs the file here and views it from here. The
 * signature is the authorisation, so these routes take no bearer token.
 */
export async function localFileRoutes(app: FastifyInstance, { storage }: { storage: LocalDiskStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The raw file is the body, whatever its type; the route decides what it accepts.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const refused = () => new HttpError(403, 'This link is not valid or has expired.');

  r.put(
    '/*',
    {
      // The signature is the authorisation: the browser sends no bearer token here (spec section 7).
      config: { access: 'public' },
      bodyLimit: ATTACHMENT_MAX_BYTES,
      schema: {
        tags: ['files'],
        summary: 'Takes one attachment upload for a signed URL from /s3/upload-url (local storage)',
        params: keyParams,
        querystring: signedQuery,
        response: { 200: z.object({ uploadKey: z.string() }), ...errorResponses(400, 403, 409, 413) },
      },
    },
    async (request) => {
      const key = request.params['*'];
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
      if (!storage.verify('PUT', key, contentType, request.query)) throw refused();
      const parsed = parseAttachmentKey(key);
      if (!parsed || !isAttachmentType(contentType)) throw refused();
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const problem = attachmentProblem(parsed.type, body.length, body);
      if (problem) throw badRequest(problem, { code: 'ATTACHMENT_INVALID' });
      // What the approver sees is what was submitted: once a request holds the file, the upload
      // link (valid for its ten minutes) can no longer replace it.
      const [submitted] = await app.db
        .select({ id: leaveRequests.id })
        .from(leaveRequests)
        .where(eq(leaveRequests.fileKey, key))
        .limit(1);
      if (submitted)
        throw conflict('This attachment belongs to a submitted leave request and cannot be replaced.');
      await storage.put(key, body, parsed.type);
      return { uploadKey: key };
    },
  );

  r.get(
    '/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'Shows one attachment for a signed URL from /s3/signed-url (local storage)',
        params: keyParams,
        querystring: signedQuery,
        response: { 200: z.any().describe('the file'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!storage.verify('GET', key, '', request.query))
        throw forbidden('This link is not valid or has expired.');
      const bytes = await storage.read(key);
      if (!bytes) throw notFound('Attachment not found.');
      const type = detectAttachmentType(bytes) ?? 'application/octet-stream';
      return (
        reply
          .header('content-type', type)
          .header('content-disposition', 'inline')
          // Medical certificates: kept in no cache, as every other /api answer (docs/security.md).
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(bytes)
      );
    },
  );
}

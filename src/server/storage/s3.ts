import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AttachmentType } from '../../domain/attachments';
import { type FileStorage, freshAttachmentKey } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, s3rver); omitted = AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Omitted = the SDK's usual chain (environment, instance role ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Attachments in an S3 bucket, with presigned URLs for the browser's upload and view. */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: a presigned PUT from a browser cannot add one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
  const origin = options.endpoint
    ? new URL(options.endpoint).origin
    : `https://${Bucket}.s3.${options.region}.amazonaws.com`;

  return {
    driver: 's3',
    client,
    origins: options.endpoint ? [origin] : [origin, `https://s3.${options.region}.amazonaws.com`],
    uploadUrl(key: string, contentType: AttachmentType, expiresIn: number) {
      // The content type is signed, so the browser cannot store the file as something else.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn,
        signableHeaders: new Set(['content-type']),
      });
    },
    viewUrl(key: string, expiresIn: number) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: 'inline',
          ResponseCacheControl: 'no-store',
        }),
        { expiresIn },
      );
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: 'leave/', ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async inspect(key, headBytes) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        const size = head.ContentLength ?? 0;
        if (size === 0) return { size, head: new Uint8Array() };
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${headBytes - 1}` }),
        );
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
        return { size, head: bytes.slice(0, headBytes) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async storeFile(key, file, contentType) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      await rm(file, { force: true });
    },
    async readStream(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) return undefined;
        return { stream: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async seal(key) {
      const sealed = freshAttachmentKey(key);
      const source = key.split('/').map(encodeURIComponent).join('/');
      await client.send(new CopyObjectCommand({ Bucket, Key: sealed, CopySource: `${Bucket}/${source}` }));
      return sealed;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

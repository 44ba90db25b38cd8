import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk';
import type { FileStorage } from './storage';

/**
 * The storage driver the configuration names; local disk unless STORAGE_DRIVER=s3. The AWS SDK is
 * loaded only for S3: loading it cost every start a fifth of a second.
 */
export async function createStorage(config: Pick<Config, 'storage' | 'jwtSecret'>): Promise<FileStorage> {
  const storage = config.storage;
  if (storage.driver === 's3') {
    const { createS3Storage } = await import('./s3');
    return createS3Storage({
      bucket: storage.bucket,
      region: storage.region,
      endpoint: storage.endpoint,
      forcePathStyle: storage.forcePathStyle,
      credentials: storage.credentials,
    });
  }
  return createLocalDiskStorage({ dir: storage.dir, secret: config.jwtSecret });
}

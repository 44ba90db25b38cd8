import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage } from './s3';
import type { FileStorage } from './storage';

/** The storage driver the configuration names; local disk unless STORAGE_DRIVER=s3. */
export function createStorage(config: Pick<Config, 'storage' | 'jwtSecret'>): FileStorage {
  const storage = config.storage;
  if (storage.driver === 's3') {
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

import type { StorageConfig } from '../../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export type { Storage } from './storage.js';

/** The configured storage (decision 0018): the data folder by default, an S3-compatible bucket when configured. */
export function createStorage(config: StorageConfig): Storage {
  return config.provider === 's3' ? createS3Storage(config) : createLocalStorage(config);
}

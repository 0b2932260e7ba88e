import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { StorageConfig } from '../../config.js';

/**
 * The local storage's files, served at its public path (/uploads/...) when the data folder is the storage. Every key is
 * new (a UTC time and a random tail), so a file never changes: cached for a year. Only what we wrote is there: WebP
 * images made by sharp. Nothing is served when the storage is a bucket.
 */
export async function uploadedFiles(app: FastifyInstance, opts: { storage: StorageConfig }) {
  if (opts.storage.provider !== 'local') return;
  mkdirSync(opts.storage.dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.storage.dir,
    prefix: `${opts.storage.publicPath}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    // A file being written is not served.
    allowedPath: (pathName) => !pathName.endsWith('.partial'),
  });
}

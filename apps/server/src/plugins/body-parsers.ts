import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The old clients posted forms, so every POST accepts JSON, url-encoded and multipart bodies alike.
 * Multipart text fields become plain body values; file parts are handled by the upload module.
 * A field named `data` holding JSON (the category calls) is left as text for its route to parse.
 */
async function bodyParsers(app: FastifyInstance) {
  // No call takes plain text; without a parser it is answered 415 like any other unsupported type.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // A file part becomes its bytes; the Buffer keeps the name it was sent with (`fileName`): an import of bookings
    // names each file's problems by it (uploadedFileName below reads it).
    async onFile(part) {
      const bytes = await part.toBuffer();
      Object.defineProperty(bytes, 'fileName', { value: part.filename, enumerable: false });
    },
    limits: {
      fieldNameSize: 100,
      fieldSize: 64 * 1024,
      fields: 50,
      fileSize: 25 * 1024 * 1024,
      files: 20,
      parts: 80,
    },
  });
}

export default fp(bodyParsers, { name: 'body-parsers' });

/** The name a multipart file part was sent with (null when none: a Buffer that came from elsewhere). */
export function uploadedFileName(file: Buffer): string | null {
  const name = (file as Buffer & { fileName?: unknown }).fileName;
  return typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 200) : null;
}

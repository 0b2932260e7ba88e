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

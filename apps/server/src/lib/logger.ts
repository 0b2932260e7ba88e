import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { createLogOutput } from './log-output.js';

/**
 * Log settings. Authorization headers, cookies and anything that looks like a password or token are
 * redacted, and token-bearing query strings (the mailed reset link) are cut from logged URLs, so logs never
 * hold secrets.
 */
const SECRET_QUERY = /([?&](?:token|access_token|id_token|code|password)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

/** `stream`: where the lines go; by default standard output through a log output that never blocks (decision 0026). */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    stream: stream ?? createLogOutput(),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.data',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.googleIdToken',
        '*.facebookAccessToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { method: req.method, url: redactUrl(req.url), ip: req.ip, id: req.id };
      },
    },
  };
}

import type { FastifyServerOptions } from 'fastify';

/**
 * Log settings. Authorization headers, cookies and anything that looks like a password or token are
 * redacted, and token-bearing query strings (the mailed reset link) are cut from logged URLs, so logs never
 * hold secrets.
 */
const SECRET_QUERY = /([?&](?:token|access_token|id_token|code|password)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
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

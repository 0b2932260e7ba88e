import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subdomainThemeResponse } from '@rides/contract';
import type { ThemesService } from './themes.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The theme cache; a change of a theme row reaches `themes.invalidate()` through the change feed (decisions 0010, 0027). */
    themes: ThemesService;
  }
}

/**
 * subdomain_theme (no auth, 000 §9): the theme of the host the request came to. `request.hostname` is the Host
 * header without its port, or X-Forwarded-Host when TRUST_PROXY is on (Fastify's trustProxy).
 */
export async function themesRoutes(app: FastifyInstance, opts: { themes: ThemesService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/subdomain_theme',
    {
      schema: {
        tags: ['themes'],
        summary: 'The white-label theme of the requested host (default theme on the main site)',
        response: { 200: subdomainThemeResponse },
      },
    },
    async (request, reply) => {
      const theme = await opts.themes.themeForHost(request.hostname, request.user?.id ?? null);
      // The answer depends on the host and, through isManager, on the token.
      reply
        .header('vary', 'Host, X-Forwarded-Host, Authorization')
        .header('cache-control', 'private, no-cache');
      return { ServerMassageCode: 'success', theme };
    },
  );
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail, MSG } from '../http/envelope';
import { BROWSER_ROUTE } from './route-table';
import { looksLikeApiPath } from './signature';

/**
 * Serves the built front end from one origin with the API: hashed assets (long cache; in their
 * compressed form to a browser that accepts it), the sub-app bundles under /subapps/admin/ and
 * /subapps/dacang/, and index.html for every other page path (the host's router decides, including
 * its own 404 page).
 */
export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // The files and pages of the front end are browser routes: no signature, no session.
  const markBrowserRoutes = (route: { config?: object }) => {
    route.config = { ...route.config, ...BROWSER_ROUTE };
  };
  if (hasBuild) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', markBrowserRoutes);
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: true,
        index: false,
        // The build leaves a brotli and a gzip form beside each script, style and icon (vite.config.ts,
        // `precompressed`): the one the browser accepts is sent, with Vary: Accept-Encoding.
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite's hashed file names make assets immutable; everything else (index.html, the sub-apps'
          // config.json and map.json) must always be revalidated. `filePath` is the form sent (x.js.br).
          const hashed = /-[A-Za-z0-9_-]{8}\.(js|css|woff2?|svg|png)(\.br|\.gz)?$/.test(filePath);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
  // The site root is a directory to the static plugin; it is a page to us.
  if (hasBuild) app.get('/', { config: BROWSER_ROUTE }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' && !looksLikeApiPath(request.url) && !path.extname(request.url.split('?')[0]!);
    if (hasBuild && wantsPage) return sendIndex(reply);
    return reply.status(404).send(fail('E0404', MSG.notFound));
  });
}

import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/index';
import { resourceRoutes } from '../../src/schema/routes';
import type { LintContext } from './context';
import type { PageDef } from '../../src/generated/schema-files';

/**
 * Builds the real Fastify app (routes only: a dummy database driver, placeholder keys) from the
 * schemas being linted, and checks that every endpoint a page or resource names is a route of it.
 */
export async function checkEndpoints(ctx: LintContext): Promise<void> {
  const previous = process.env.SCHEMAS_DIR;
  process.env.SCHEMAS_DIR = ctx.dir;
  const db = new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }) as unknown as Database;
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    demo: false,
  };
  const keys = { publicKeyPem: '', privateKeyPem: '', signSecret: 'lint' };
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, db, keys });
    await app.ready();
  } catch (error) {
    ctx.add('', '', `the server does not start with these schemas: ${(error as Error).message}`);
    return;
  } finally {
    if (previous === undefined) delete process.env.SCHEMAS_DIR;
    else process.env.SCHEMAS_DIR = previous;
  }
  try {
    const has = (method: string, url: string) => app.hasRoute({ method: method as 'GET', url });
    for (const r of ctx.catalog.resources.values()) {
      for (const route of resourceRoutes(r)) {
        if (!has(route.method, route.path))
          ctx.add(
            `resources/${r.name}.json`,
            `/endpoints/${route.kind}`,
            `${route.method} ${route.path} is not a route of the server`,
          );
      }
    }
    for (const file of ctx.pages.values()) {
      const p = file.data as unknown as PageDef;
      if (p.endpoint && !has(p.endpoint.method, p.endpoint.path)) {
        ctx.add(
          file.file,
          '/endpoint',
          `${p.endpoint.method} ${p.endpoint.path} is not a route of the server`,
        );
      }
      (p.toolbar ?? []).forEach((a, i) => {
        if (a.type === 'call' && a.call && !has(a.call.method, a.call.path))
          ctx.add(
            file.file,
            `/toolbar/${i}/call`,
            `${a.call.method} ${a.call.path} is not a route of the server`,
          );
      });
      (p.detail?.sections ?? []).forEach((sec, i) => {
        if (sec.endpoint && !has(sec.endpoint.method, sec.endpoint.path))
          ctx.add(
            file.file,
            `/detail/sections/${i}/endpoint`,
            `${sec.endpoint.method} ${sec.endpoint.path} is not a route of the server`,
          );
      });
    }
  } finally {
    await app.close();
  }
}

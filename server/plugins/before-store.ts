import type { FastifyInstance } from 'fastify';

/**
 * Marks every route registered in this plugin's scope as callable before a store is chosen: the
 * sign-in and identity steps (navigation checks, phone binding, identity check, store choice, personal
 * centre). Every other signed-in call needs the chosen organisation, which chooseStore only grants once
 * the security steps have passed (plugins/auth.ts). One hook per folder, not a flag per route.
 */
export function allowBeforeStore(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), beforeStore: true };
  });
}

import type { FastifyInstance } from 'fastify';

/**
 * While the server drains (close, on SIGTERM: server/main.ts), each answer still going out closes its
 * connection. The close waits for every open connection, and a client's keep-alive connection that
 * was busy when the close began stays open after its answer until the keep-alive timeout (72 s in
 * Fastify): a SIGTERM during traffic then took over a minute, past the grace period a process
 * manager gives before it kills (tests/server/shutdown.test.ts). Idle connections Fastify closes itself.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}

import 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/index';
import type { ServerKeys } from './security/keys';

export interface AuthContext {
  userId: number;
  sessionId: number;
  account: string;
  systemId: number | null;
  orgId: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** SPEC 6: callable without a token. */
    public?: boolean;
    /** Not signed either: only the health check and the client bootstrap. */
    unsigned?: boolean;
    /** Callable while signed in but before a store is chosen (plugins/before-store.ts). */
    beforeStore?: boolean;
    /** Permission code(s) or page uri(s); holding any one of them is enough. */
    permission?: string | string[];
  }
  interface FastifyInstance {
    db: Database;
    config: ServerConfig;
    keys: ServerKeys;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

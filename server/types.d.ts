import 'fastify';
import type { RouteOptions } from 'fastify';
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
    /**
     * SPEC 6: callable without a token. Every route is signed and needs a session unless it says
     * otherwise here: the decision is the matched route's, never the raw URL's (issue 13.1).
     */
    public?: boolean;
    /** Not signed either: the health check, the client bootstrap and browser routes (BROWSER_ROUTE). */
    unsigned?: boolean;
    /**
     * Signed in the query instead of headers (SPEC 7.5 uploads: a multipart form post), with the upload
     * secret; checked by the same hook (plugins/signature.ts).
     */
    signedInQuery?: boolean;
    /** Callable while signed in but before a store is chosen (plugins/before-store.ts). */
    beforeStore?: boolean;
    /** Permission code(s) or page uri(s); holding any one of them is enough. */
    permission?: string | string[];
    /**
     * A document's detail under a workflow: whoever has (or had) an approval task on this document may
     * read it without the page's permission, so an approver sees what he decides (plugins/auth.ts).
     */
    approvalRead?: { resource: string; param: string };
    /**
     * false: an `Idempotency-Key` is ignored here (a read sent by POST). Every other write honours it
     * (plugins/idempotency.ts, issue 13.4).
     */
    idempotent?: boolean;
    /** A sign-in route: each attempt goes to the login log (plugins/activity-log.ts, issue 20.2). */
    signIn?: boolean;
    /**
     * How the operation log names a write of this route (plugins/activity-log.ts): the resource or
     * function (entity), its Chinese title and the action. Without it, the route's path is the entity.
     */
    operation?: { entity?: string; title?: string; action?: string };
  }
  interface FastifyInstance {
    db: Database;
    config: ServerConfig;
    keys: ServerKeys;
    /** Every registered route (plugins/route-table.ts). */
    routeTable: RouteOptions[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The idempotency key this call holds while it runs (plugins/idempotency.ts). */
    idempotency: { owner: string; key: string } | null;
  }
}

import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerOf, BodyIn, ParamsIn, QueryIn, RouteContract } from '../../src/schema/contracts/define';
import { envelopeSchema } from '../../src/schema/contracts/envelope';
import { ok } from './envelope';

/** The request a contract's handler sees: its query, params and body as validated (defaults applied). */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Querystring: QueryIn<C>;
  Params: ParamsIn<C>;
  Body: BodyIn<C>;
}>;

export interface ContractRoute<C extends RouteContract> {
  config?: FastifyContextConfig;
  /** Bytes a body may have, when the app's default is too small (a file sent as base64). */
  bodyLimit?: number;
  /** Returns the answer's `data`; the helper wraps it in the envelope. Failures throw ApiError. */
  handler: (request: ContractRequest<C>, reply: FastifyReply) => Promise<AnswerOf<C>> | AnswerOf<C>;
}

type Untyped = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Registers a hand-written route from its contract (src/schema/contracts): the request schemas
 * validate as before (Ajv, Chinese messages), and the 200 answer is serialised through the envelope of
 * the contract's `data` schema, so a field the contract does not declare is dropped (fail closed) and
 * the answer is written by fast-json-stringify. Error answers are the error handler's envelope.
 * Pinned by tests/server/contracts.test.ts.
 */
export function contractRoute<C extends RouteContract>(app: FastifyInstance, contract: C) {
  // Curried so that C is fixed by the contract before the handler is checked: inferring it from both
  // at once sends the compiler into json-schema-to-ts's types too deeply (TS2589).
  return ({ config, bodyLimit, handler }: ContractRoute<C>): void => {
    app.route({
      method: contract.method,
      url: contract.path,
      ...(config ? { config } : {}),
      ...(bodyLimit ? { bodyLimit } : {}),
      schema: {
        ...(contract.query ? { querystring: contract.query } : {}),
        ...(contract.params ? { params: contract.params } : {}),
        ...(contract.body ? { body: contract.body } : {}),
        response: { 200: envelopeSchema(contract.data) },
      },
      handler: async (request, reply) => ok(await (handler as Untyped)(request, reply)),
    });
  };
}

import type { FromSchema, FromSchemaDefaultOptions, FromSchemaOptions, JSONSchema } from 'json-schema-to-ts';
import type { TreeSchema } from './shapes';

/**
 * One contract per hand-written route (issue 13.8, 12.3): method, path, request schemas and the
 * schema of the answer's `data`. The server registers the route from it (server/http/contract-route.ts:
 * request validation, and the answer serialised through the envelope of `data`, so a field the contract
 * does not declare never leaves the server); the browser calls it through src/runtime/request/contract.ts.
 * Both sides take their types from the same object with json-schema-to-ts `FromSchema`
 * (docs/decisions.md), so a changed field is a compile error on both sides.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteContract {
  readonly method: HttpMethod;
  /** Fastify pattern, parameters as `:name`. */
  readonly path: string;
  readonly query?: JSONSchema;
  readonly params?: JSONSchema;
  readonly body?: JSONSchema;
  /** The answer's `data`, wrapped in the envelope by the server helper. */
  readonly data: JSONSchema;
}

/** Keeps the literal type of the schemas (no `as const` needed at the call site). */
export function defineContract<const C extends RouteContract>(contract: C): C {
  return contract;
}

/**
 * Request objects are open for Ajv (no `additionalProperties: false`, so older clients' extra keys
 * pass), which FromSchema types as an index signature; a caller's own interfaces have none, so the
 * caller's side drops it and names only the declared keys.
 */
type Closed<T> = T extends readonly (infer I)[]
  ? Closed<I>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Closed<T[K]> }
    : T;

/** What a caller sends: a property with a default may be left out. */
type Sent<S> = S extends JSONSchema
  ? Closed<FromSchema<S, { keepDefaultedPropertiesOptional: true }>>
  : never;
/** What a handler receives after Ajv applied the defaults. */
type Received<S> = S extends JSONSchema ? FromSchema<S> : never;

/** A node of a tree (shapes.ts `tree`) with its children; `Leaf`: a leaf has none at all. */
export type TreeNode<T, Leaf extends boolean = false> = T &
  (Leaf extends true ? { children?: TreeNode<T, Leaf>[] } : { children: TreeNode<T, Leaf>[] });

/** FromSchema, except for a recursive tree, which it cannot type: that one is built from its node. */
type Typed<S, O extends FromSchemaOptions> =
  S extends TreeSchema<infer N, infer Leaf>
    ? TreeNode<FromSchema<N, O>, Leaf>[]
    : S extends JSONSchema
      ? FromSchema<S, O>
      : never;

/** The answer's `data` as the browser reads it (JSON: points in time are ISO strings). */
export type DataOf<C extends RouteContract> = Typed<C['data'], FromSchemaDefaultOptions>;

/** A `format: 'date-time'` field may be handed to the serializer as a Date; it writes ISO text. */
type ServerDates = [
  { pattern: { type: 'string'; format: 'date-time' }; output: Date | string },
  { pattern: { type: readonly ['string', 'null']; format: 'date-time' }; output: Date | string | null },
];
/** The answer's `data` as a server handler may return it. */
export type AnswerOf<C extends RouteContract> = Typed<C['data'], { deserialize: ServerDates }>;

export type QueryIn<C extends RouteContract> = Received<C['query']>;
export type ParamsIn<C extends RouteContract> = Received<C['params']>;
export type BodyIn<C extends RouteContract> = Received<C['body']>;

export type QueryOut<C extends RouteContract> = Sent<C['query']>;
export type ParamsOut<C extends RouteContract> = Sent<C['params']>;
export type BodyOut<C extends RouteContract> = Sent<C['body']>;

import type { JSONSchema } from 'json-schema-to-ts';

/** The `result` head of every answer (DESIGN.md 3); requestId only on unexpected errors. */
const RESULT = {
  type: 'object',
  required: ['success', 'code', 'msg'],
  properties: {
    success: { type: 'boolean' },
    code: { type: 'string' },
    msg: { type: 'string' },
    requestId: { type: 'string' },
  },
} as const;

/**
 * `data` may also be null: session endings (W0005, W0013) answer HTTP 200 with `data: null`
 * through the same serializer as the route's successes.
 */
function orNull(schema: JSONSchema): JSONSchema {
  if (typeof schema === 'boolean' || schema.type === undefined) return schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('null') ? schema : { ...schema, type: [...types, 'null'] };
}

/**
 * The envelope schema of a route's 200 answer, with its `data` schema. The `definitions` of a recursive
 * `data` (shapes.ts `tree`) move to the envelope: `#/definitions/…` is read from the document's root.
 */
export function envelopeSchema(data: JSONSchema): JSONSchema {
  const { definitions, ...rest } = typeof data === 'boolean' ? { definitions: undefined } : data;
  const inner = typeof data === 'boolean' ? data : rest;
  return {
    type: 'object',
    required: ['result', 'data'],
    properties: { result: RESULT, data: orNull(inner) },
    ...(definitions ? { definitions } : {}),
  };
}

import type { JSONSchema } from 'json-schema-to-ts';

/**
 * Small builders of answer schemas, so a contract reads like the shape it describes. Every object is
 * closed (`additionalProperties: false`): the types have no index signature, and the serializer keeps
 * only what is listed. The `const` type parameters keep the literal types json-schema-to-ts reads.
 */
type Props = Record<string, JSONSchema>;

export interface ObjectSchema<P extends Props, R extends string> {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly required: readonly R[];
  readonly properties: P;
}

/** An object whose properties are all present, except the `optional` ones. */
export function obj<const P extends Props, const O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
): ObjectSchema<P, Exclude<keyof P & string, O>> {
  const required = Object.keys(properties).filter((k) => !optional.includes(k as O));
  return { type: 'object', additionalProperties: false, required: required as never, properties };
}

export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
/** Decimals: `integer` would truncate them when serialised. */
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;
/** A point in time: the server may hand a Date (serialised as ISO), the browser reads a string. */
export const dateTime = { type: 'string', format: 'date-time' } as const;
export const nullable = {
  str: { type: ['string', 'null'] },
  int: { type: ['integer', 'null'] },
  num: { type: ['number', 'null'] },
  dateTime: { type: ['string', 'null'], format: 'date-time' },
} as const;

export function arr<const I extends JSONSchema>(items: I) {
  return { type: 'array', items } as const;
}

/** A page of a list (DESIGN.md 3). */
export function page<const I extends JSONSchema>(item: I) {
  return obj({ list: arr(item), total: int, pageNo: int, pageSize: int });
}

/** The paging query of every hand-written list (DESIGN.md 3 'Lists'), with its Chinese messages. */
export const paging = {
  pageNo: { type: 'integer', minimum: 1, default: 1, errorMessage: '页码必须是正整数' },
  pageSize: {
    type: 'integer',
    minimum: 1,
    maximum: 500,
    default: 20,
    errorMessage: '每页条数必须是 1 到 500 的整数',
  },
} as const;

/**
 * A recursive tree (every node with `children` of the same shape), as a list of root nodes. JSON Schema
 * says recursion with a `$ref` to `definitions`; envelopeSchema (./envelope.ts) lifts the definitions to
 * the answer's root, where the serializer resolves `#/definitions/…`. json-schema-to-ts cannot type a
 * recursive schema, so the node schema rides along as a type-only field and DataOf/AnswerOf
 * (./define.ts) build the recursive type from it.
 */
export interface TreeSchema<N extends ObjectSchema<Props, string>, Leaf extends boolean = false> {
  readonly type: 'array';
  readonly items: { readonly $ref: string };
  readonly definitions: Readonly<Record<string, JSONSchema>>;
  /** Type-only: the node without its children. */
  readonly treeNode?: N;
  /** Type-only: true when a leaf has no `children` at all (rather than an empty list). */
  readonly treeLeaf?: Leaf;
}

/** `leavesBare`: a leaf node comes without `children` (pickers that show an expander for `[]`). */
export function tree<const N extends ObjectSchema<Props, string>, const Leaf extends boolean = false>(
  name: string,
  node: N,
  leavesBare?: Leaf,
): TreeSchema<N, Leaf> {
  const ref = { $ref: `#/definitions/${name}` } as const;
  const withChildren = {
    ...node,
    required: leavesBare ? node.required : [...node.required, 'children'],
    properties: { ...node.properties, children: { type: 'array', items: ref } },
  };
  return { type: 'array', items: ref, definitions: { [name]: withChildren } };
}

import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { lazyValidator } from '../resources/ajv';

type Factory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Serialize = (doc: unknown) => string;

/**
 * Fastify's own validator and serializer compilers (the ones it uses by default), each compiling a
 * route's schema on the route's first call instead of at start: compiling the request and answer
 * schemas of every route (hundreds of resource routes) was a large part of a warm start (issue 21.5,
 * bench/startup.ts). What is compiled, and how, is unchanged; a broken schema still cannot reach
 * production unnoticed: the schema lint and the server tests compile every route's schemas.
 */
// One selector each, as fastify keeps: they reuse one Ajv instance per set of shared schemas and
// options across the app's plugin contexts (a selector per context built a new Ajv each time).
const validatorSelector = AjvCompiler();
const serializerSelector = SerializerSelector();

export const lazyCompilers: Factory = {
  buildValidator: (externalSchemas: unknown, ajvOptions: unknown) => {
    const compile = validatorSelector(externalSchemas as never, ajvOptions as never);
    return (route: unknown) => lazyValidator(() => compile(route as never) as never);
  },
  buildSerializer: (externalSchemas, serializerOptions) => {
    const compile = serializerSelector(externalSchemas as never, serializerOptions as never);
    return (route) => {
      let serialize: Serialize | undefined;
      return (doc: unknown) => (serialize ??= compile(route as never) as Serialize)(doc);
    };
  },
};

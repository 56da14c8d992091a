/**
 * The shape of the schema files, as the engine reads them: generated from schemas/meta/*.schema.json
 * into src/generated/schema-files.ts (files are validated against the meta-schemas when loaded, load.ts,
 * so these types describe valid files only). Only what the engine derives on top is written here.
 */
import type {
  EnumDef,
  HomeDef,
  ResourceDef,
  SeedDef,
  SortDef,
  ValidatorDef,
  WorkflowDef,
} from '../generated/schema-files';

export type {
  AggregateDef,
  AllEndpointDef,
  BatchEndpointDef,
  ChildDef,
  EndpointDef,
  EnumDef,
  EnumItem,
  FieldDef,
  FilterDef,
  HomeChart,
  HomeCondition,
  HomeCounter,
  HomeDef,
  HomeSection,
  HttpMethod,
  KeyedEndpointDef,
  ListEndpointDef,
  Permission,
  RelationDef,
  ReminderDef,
  ResourceDef,
  SeedDef,
  StampSet,
  StampValue,
  StatesDef,
  StateValue,
  TransitionDef,
  TransitionEndpointDef,
  ValidatorDef,
  WorkflowDef,
} from '../generated/schema-files';

export type Scalar = string | number | boolean;
export type SortItem = SortDef;

/** Everything under schemas/ the engine needs, loaded and meta-validated once. */
export interface Catalog {
  dir: string;
  resources: Map<string, ResourceDef>;
  enums: Map<string, EnumDef>;
  validators: Record<string, ValidatorDef>;
  /** Demo data per resource (schemas/seed). */
  seeds: Map<string, SeedDef>;
  /** Approval workflows (schemas/workflows). */
  workflows: Map<string, WorkflowDef>;
  /** Home pages' counters (schemas/home). */
  homes: Map<string, HomeDef>;
}

/** A JSON Schema as the request and answer schemas build it (src/schema/field-schema.ts). */
export type JsonSchema = Record<string, unknown>;

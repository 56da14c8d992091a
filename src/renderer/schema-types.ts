/**
 * The shapes of the schema files the renderer reads: generated from schemas/meta/*.schema.json into
 * src/generated/schema-files.ts (the schema lint validates every file against them, so these types
 * describe valid files only). Only the renderer's own helpers are written here.
 */
export type {
  ActionDef,
  ActionType,
  AppName,
  ChildDef,
  ColumnDef,
  DateTimeFormat,
  DetailDef,
  EnumDef,
  EnumItem,
  FieldDef,
  FilterDef,
  FormDef,
  FormNode,
  PageDef,
  Permission,
  RelationDef,
  ResourceDef,
  SearchDef,
  StateValue,
  TransitionDef,
  ValidatorDef,
} from '@/generated/schema-files';
export type { SortItem } from '@/schema/resolved';

export type { SchemaSource } from '@/schema/resolve/context';

export type Row = Record<string, unknown>;

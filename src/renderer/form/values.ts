import { formatDateTime } from '../../schema/format';
import { serverFilledFields } from '../../schema/references';
import type { FieldDef, ResourceDef, Row } from '../schema-types';

const filled = new WeakMap<Record<string, FieldDef>, Set<string>>();
/** The server-filled fields of a field set (remembered: a form sends often). */
function serverFilled(fields: Record<string, FieldDef>): Set<string> {
  let set = filled.get(fields);
  if (!set) filled.set(fields, (set = serverFilledFields(fields)));
  return set;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

function cleanRow(row: Row, fields: Record<string, FieldDef>, keepNulls: boolean): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    const f = fields[k];
    // Computed figures and copied names are the server's to fill: shown in the form, never sent.
    if (serverFilled(fields).has(k)) continue;
    if (blank(v)) {
      // An emptied optional field: null clears it on update; on create it is simply left out.
      if (keepNulls && f?.nullable) out[k] = null;
      continue;
    }
    out[k] = v;
  }
  return out;
}

/**
 * What a form sends: empty inputs left out (create) or null for nullable fields (update), child rows
 * cleaned the same way. The server validates everything again.
 */
export function formValuesToBody(values: Row, r: ResourceDef, mode: 'create' | 'update' | 'transition'): Row {
  const body = cleanRow(values, r.fields, mode === 'update');
  for (const [name, child] of Object.entries(r.children ?? {})) {
    const rows = values[name];
    // Only the child's writable fields: ArrayTable keeps bookkeeping keys of its own in each row, and
    // a line loaded for editing carries its id and line number, which the server assigns (it replaces
    // the lines) and refuses in a request.
    const writable = Object.keys(child.fields).filter((n) => !child.fields[n]!.readOnly);
    if (Array.isArray(rows))
      body[name] = rows.map((row: Row) => cleanRow(pick(row ?? {}, writable), child.fields, false));
  }
  return body;
}

/** Only the named keys: a form sends the fields it shows, never the row's read-only ones. */
export function pick(values: Row, names: string[]): Row {
  return Object.fromEntries(names.filter((n) => n in values).map((n) => [n, values[n]]));
}

function toFormValue(v: unknown, f: FieldDef | undefined): unknown {
  if (v === null) return undefined;
  // Pickers read zoneless text; the server reads zoneless date-times as China time, so this round-trips.
  if (f?.format === 'date-time' && typeof v === 'string') return formatDateTime(v);
  return v;
}

/** A row as a form's initial values: its fields only, date-times as China-time text, nulls empty. */
export function rowToFormValues(row: Row, r: ResourceDef, names: string[]): Row {
  const out: Row = {};
  for (const n of names) {
    if (!(n in row)) continue;
    const child = r.children?.[n];
    const v = row[n];
    out[n] =
      child && Array.isArray(v)
        ? v.map((line: Row) =>
            Object.fromEntries(Object.entries(line).map(([k, x]) => [k, toFormValue(x, child.fields[k])])),
          )
        : toFormValue(v, r.fields[n]);
  }
  return out;
}

import { ApiError } from '../http/envelope';
import type { FieldDef, ResourceDef } from '../../src/schema/types';
import { type Engine, rowName, stateLabel } from './context';

type Row = Record<string, unknown>;

/** A value as compared: instants by time, numbers by value, blanks alike (a form sends '' or null; no is blank). */
function comparable(f: FieldDef | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '' || v === false) return '';
  if (f?.format === 'date-time') {
    const t = Date.parse(v instanceof Date ? v.toISOString() : String(v));
    return Number.isNaN(t) ? String(v) : String(t);
  }
  if (f?.type === 'number' || f?.type === 'integer') return String(Number(v));
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const allowed = (states: (string | number)[], state: unknown) =>
  states.some((s) => String(s) === String(state));

/**
 * Whether the lines' values of these fields differ, line by line in order. A line added or removed
 * counts with its values against the field's default: adding a bid leaves 中标 untouched.
 */
function linesDiffer(
  fields: Record<string, FieldDef>,
  names: string[],
  before: unknown,
  after: Row[],
): boolean {
  const old = Array.isArray(before) ? (before as Row[]) : [];
  // A line or a value left out is stored as the field's default: compared as such.
  const value = (line: Row | undefined, n: string) => comparable(fields[n], line?.[n] ?? fields[n]?.default);
  for (let i = 0; i < Math.max(old.length, after.length); i++)
    if (names.some((n) => value(after[i], n) !== value(old[i], n))) return true;
  return false;
}

/**
 * Fields changeable only in some states (a field's or a line field's `x-editableIn`, a child's
 * `editableIn`), beyond the resource's `states.editableIn`: an update that changes one in another
 * state is refused with 409, naming the field, whichever form or client sent it. A line field marked
 * `x-immutable` never changes (nor do the lines' number and order). A field sent back
 * unchanged passes (an edit form sends every field it shows). Pinned by tests/server/field-states.test.ts.
 */
export function checkFieldStates(engine: Engine, r: ResourceDef, before: Row, body: Row): void {
  const state = r.states ? before[r.states.field] : undefined;
  const refuse = (title: string) => {
    throw ApiError.conflict(
      `${rowName(r, before)}当前状态为“${stateLabel(engine, r, state)}”，不能修改${title}`,
    );
  };
  for (const [name, f] of Object.entries(r.fields)) {
    const states = f['x-editableIn'];
    if (!r.states || !states || !(name in body) || allowed(states, state)) continue;
    if (comparable(f, body[name]) !== comparable(f, before[name])) refuse(f.title);
  }
  for (const [name, child] of Object.entries(r.children ?? {})) {
    const lines = body[name];
    if (!Array.isArray(lines)) continue;
    const writable = Object.keys(child.fields).filter((n) => !child.fields[n]!.readOnly);
    const whole = r.states && child.editableIn && !allowed(child.editableIn, state);
    if (
      whole &&
      (lines.length !== (before[name] as unknown[] | undefined)?.length ||
        linesDiffer(child.fields, writable, before[name], lines))
    )
      refuse(child.title);
    for (const [n, f] of Object.entries(child.fields)) {
      // A line field set when the document is made (what was shipped, what was ordered): an update
      // may change the other fields of the lines, never this one, nor add or remove a line.
      if (f['x-immutable'] && linesDiffer(child.fields, [n], before[name], lines))
        throw ApiError.conflict(`${rowName(r, before)}的${child.title}不能增删，${f.title}不能修改`);
      const states = r.states && f['x-editableIn'];
      if (states && !allowed(states, state) && linesDiffer(child.fields, [n], before[name], lines))
        refuse(`${child.title}的${f.title}`);
    }
  }
}

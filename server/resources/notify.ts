import { EMPTY, formatDateTime } from '../../src/schema/format';
import type { Catalog, FieldDef, ResourceDef, TransitionDef } from '../../src/schema/types';
import { writeSystemNotice } from '../workflows/notify';
import type { Actor } from './context';
import type { AnyDb } from './sql/db';

/** The message-centre type of work handed to someone by a transition (src/schema/contracts/messages.ts). */
export const WORK_MESSAGE_TYPE = 7;

type Row = Record<string, unknown>;

/** A field's value as users read it in a message: enum labels, 是/否, dates and times, 无 when empty. */
export function displayValue(catalog: Catalog, f: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const en = f['x-enum'] ? catalog.enums.get(f['x-enum']) : undefined;
  if (en) return en.items.find((i) => i.value === value)?.label ?? String(value);
  if (f.type === 'boolean') return value ? '是' : '否';
  if (f.format === 'date-time') return formatDateTime(value, 'yyyy-MM-dd HH:mm');
  return String(value);
}

/** `{name}` placeholders of a message template, each replaced by `value(name)`. */
export const fillPlaceholders = (template: string, value: (name: string) => string) =>
  template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => value(name));

/**
 * A transition's `notify` (docs/schemas.md): a notice of type 7 工作通知 to the user the row's field
 * names (an AI event's assignee), in the transition's transaction, from the acting user; nothing when
 * the field is empty. Pinned by tests/server/ai-events.test.ts.
 */
export async function notifyTransition(
  trx: AnyDb,
  catalog: Catalog,
  r: ResourceDef,
  t: TransitionDef,
  row: Row,
  actor: Actor,
): Promise<void> {
  const n = t.notify;
  const userId = n ? Number(row[n.user]) : Number.NaN;
  if (!n || !Number.isInteger(userId) || userId <= 0) return;
  const value = (name: string) => {
    const f = r.fields[name];
    return f ? displayValue(catalog, f, row[name]) : EMPTY;
  };
  await writeSystemNotice(trx, {
    msgType: WORK_MESSAGE_TYPE,
    createName: actor.realName,
    receiveRange: `${r.fields[n.user]?.title ?? '处理人'}`.slice(0, 100),
    userIds: [userId],
    title: fillPlaceholders(n.title, value),
    text: fillPlaceholders(n.text, value),
    ...(n.link ? { link: n.link } : {}),
  });
}

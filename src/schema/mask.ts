/**
 * Masked personal data (DOMAIN.md 2): the one rule per kind of value, shared by the server (list,
 * detail, export and print answers: server/resources/masking.ts), the hand-written routes (the bound
 * phone of the personal centre) and the lint. Pure, no I/O.
 */
import type { FieldDef, ResourceDef } from './types';

export type MaskKind = 'phone' | 'name' | 'idCard' | 'cardNo';

const stars = (n: number) => '*'.repeat(Math.max(n, 0));

/** 13800000005 → 138****0005 (SPEC 2.2's example); any other length → ****. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****';
}

/** 张三 → 张*, 欧阳娜娜 → 欧***: the family name stays so staff can still address the customer. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? stars(chars.length) : chars[0] + stars(chars.length - 1);
}

/** 330106199001011234 → 330***********1234: the region prefix and the last four, length kept. */
export function maskIdCard(id: string): string {
  return id.length <= 7 ? stars(id.length) : id.slice(0, 3) + stars(id.length - 7) + id.slice(-4);
}

/** 8800123456789012 → 8800********9012: enough to find the card, not enough to use it. */
export function maskCardNo(no: string): string {
  if (no.length <= 4) return stars(no.length);
  if (no.length <= 8) return stars(no.length - 4) + no.slice(-4);
  return no.slice(0, 4) + stars(no.length - 8) + no.slice(-4);
}

const RULES: Record<MaskKind, (v: string) => string> = {
  phone: maskPhone,
  name: maskName,
  idCard: maskIdCard,
  cardNo: maskCardNo,
};

/** A value as a caller without the resource's unmask permission reads it; blanks stay blank. */
export function maskValue(kind: MaskKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  return RULES[kind](String(value));
}

const maskedOf = (fields: Record<string, FieldDef>) =>
  Object.entries(fields).filter(([, f]) => f['x-mask']) as [string, FieldDef & { 'x-mask': MaskKind }][];

/** Whether any field of the resource or of its children is masked. */
export function hasMaskedFields(r: ResourceDef): boolean {
  return (
    maskedOf(r.fields).length > 0 ||
    Object.values(r.children ?? {}).some((c) => maskedOf(c.fields).length > 0)
  );
}

/** A copy of an answered row with its masked fields (and its lines' masked fields) masked. */
export function maskRow(r: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const [name, f] of maskedOf(r.fields)) if (name in out) out[name] = maskValue(f['x-mask'], out[name]);
  for (const [name, child] of Object.entries(r.children ?? {})) {
    const masked = maskedOf(child.fields);
    const lines = out[name];
    if (!masked.length || !Array.isArray(lines)) continue;
    out[name] = lines.map((line: Record<string, unknown>) => {
      const copy = { ...line };
      for (const [n, f] of masked) if (n in copy) copy[n] = maskValue(f['x-mask'], copy[n]);
      return copy;
    });
  }
  return out;
}

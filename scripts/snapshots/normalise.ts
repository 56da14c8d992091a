/**
 * Turns a page's DOM into stable text for QA snapshots: structure, meaningful attributes and visible
 * text; no generated ids, no style hashes, no inline styles (sizes and virtual-list offsets), no dates
 * (rows created "now" by the seed differ from run to run). Runs inside the browser: keep it
 * self-contained (no imports, no closures over Node values).
 */
export function serialiseDom(root: Element): string {
  const KEEP = new Set([
    'class',
    'role',
    'type',
    'title',
    'placeholder',
    'aria-label',
    'aria-sort',
    'aria-checked',
    'aria-selected',
    'aria-disabled',
    'disabled',
    'href',
    'target',
    'colspan',
    'rowspan',
    'value',
  ]);
  const DROP_DATA = new Set(['data-row-key']);
  const lines: string[] = [];
  const text = (s: string) =>
    s
      .replace(/\s+/g, ' ')
      .trim()
      // Document codes carry the day they were stamped (SP20261124000052): approvals seeded at the
      // first start would otherwise change every baseline the next day.
      .replace(/\b([A-Z]{1,4})20\d{6}(\d{4,6})\b/g, '$1<yyyymmdd>$2')
      // Whole ISO stamps too, milliseconds and zone included (the operation log's changed fields).
      .replace(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, '<datetime>')
      .replace(/\d{4}-\d{2}-\d{2}/g, '<date>')
      .replace(/\b\d{2}:\d{2}(:\d{2})?\b/g, '<time>');
  const classes = (v: string) =>
    v
      .split(/\s+/)
      // antd's css-in-js hash (css-abc123), CSS-module hashes (_name_hash_1), Vite asset hashes
      .filter(
        (c) =>
          c &&
          !/^css-(dev-only-do-not-override-)?[a-z0-9]+$/i.test(c) &&
          !/^_.+_[a-z0-9]{5}(_\d+)?$/i.test(c) &&
          // The virtual table's scrollbars show for a moment after each render and scroll: a timing,
          // not a difference.
          c !== 'ant-table-tbody-virtual-scrollbar-visible',
      )
      .join(' ');
  const walk = (node: Node, depth: number) => {
    const pad = '  '.repeat(depth);
    if (node.nodeType === Node.TEXT_NODE) {
      const t = text(node.textContent ?? '');
      if (t) lines.push(`${pad}"${t}"`);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (tag === 'style' || tag === 'script' || tag === 'noscript') return;
    const attrs: string[] = [];
    for (const a of Array.from(el.attributes)) {
      const keep = KEEP.has(a.name) || (a.name.startsWith('data-') && !DROP_DATA.has(a.name));
      if (!keep) continue;
      let v = a.name === 'class' ? classes(a.value) : a.value;
      if (a.name === 'href') v = v.replace(/^https?:\/\/[^/]+/, '');
      if (a.name === 'value' || a.name === 'title') v = text(v);
      if (a.name === 'class' && !v) continue;
      attrs.push(`${a.name}="${v}"`);
    }
    if (tag === 'svg') {
      // Icons: which one, not their path data.
      const icon = el.getAttribute('data-icon');
      lines.push(`${pad}<svg${icon ? ` icon="${icon}"` : ''}>`);
      return;
    }
    if (tag === 'input' && (el as HTMLInputElement).value)
      attrs.push(`value="${text((el as HTMLInputElement).value)}"`);
    lines.push(`${pad}<${tag}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`);
    for (const child of Array.from(el.childNodes)) walk(child, depth + 1);
  };
  walk(root, 0);
  return `${lines.join('\n')}\n`;
}

/** The first lines where two snapshots differ, for the failure message. */
export function firstDifference(expected: string, actual: string, context = 3): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - context);
  const show = (lines: string[], mark: string) =>
    lines
      .slice(from, i + context + 1)
      .map((l, k) => `${from + k === i ? mark : ' '} ${from + k + 1}: ${l}`)
      .join('\n');
  return `expected:\n${show(a, '-')}\nactual:\n${show(b, '+')}`;
}

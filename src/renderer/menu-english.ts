import type { AppMenuDef, MenuDef, MenuNode } from '@/generated/schema-files';

/**
 * English names of the permission menu (issue 20.5): the server hands the menu in Chinese (its
 * permission table, seeded from schemas/menu and the pages' menu entries); the English comes from the
 * same files' `i18n['en-US']`: a schemas/menu node's name, or a page file's `menu.i18n` name. Pages are
 * found by uri, groups by their Chinese name (unique in the menu). Without English: the Chinese.
 */
const menuFiles = import.meta.glob<AppMenuDef>('/schemas/menu/*.json', { eager: true, import: 'default' });
// Only the pages' `menu` objects (a named JSON import keeps the rest of each page file out).
const pageMenus = import.meta.glob<MenuDef>('/schemas/pages/*/*.json', { eager: true, import: 'menu' });

const byUri = new Map<string, string>();
const byName = new Map<string, string>();

function collect(nodes: readonly MenuNode[]): void {
  for (const node of nodes) {
    const en = node.i18n?.['en-US']?.name;
    if (en) {
      if (node.uri) byUri.set(node.uri, en);
      else if (!node.code) byName.set(node.name, en);
    }
    if (node.children) collect(node.children);
  }
}
for (const file of Object.values(menuFiles)) collect(file.tree);
for (const menu of Object.values(pageMenus)) {
  const en = menu.i18n?.['en-US']?.name;
  if (en && !byUri.has(menu.uri)) byUri.set(menu.uri, en);
}

/** The English name of a menu entry, or undefined when the schema files give none. */
export function englishMenuName(entry: { name: string; uri?: string | null }): string | undefined {
  return (entry.uri ? byUri.get(entry.uri) : undefined) ?? byName.get(entry.name);
}

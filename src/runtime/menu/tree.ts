import { menuPath } from './menu-path';

/** A permission entry as the profile carries it (SPEC 3, 6). */
export interface MenuEntry {
  id: number;
  parentId: number | null;
  name: string;
  uri?: string | null;
  menuClass?: number;
  app?: string | null;
}

/** One node of the sidebar: a group (children) or a page (path). */
export interface MenuNode {
  key: string;
  name: string;
  path?: string;
  children?: MenuNode[];
}

/** menuClass 3 entries are buttons (powerControl), never menu items. */
const BUTTON = 3;
const MAX_DEPTH = 3;

/**
 * The sidebar tree (SPEC 2.11): three levels built from the flat permission list, in list order.
 * Entries whose parent is missing become roots; groups left without any page are dropped, as are
 * levels below the third.
 */
export function buildMenuTree(entries: readonly MenuEntry[]): MenuNode[] {
  const items = entries.filter((e) => e.menuClass !== BUTTON);
  const ids = new Set(items.map((e) => e.id));
  const children = new Map<number | null, MenuEntry[]>();
  for (const e of items) {
    const parent = e.parentId !== null && ids.has(e.parentId) ? e.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(e);
    children.set(parent, list);
  }
  const build = (parent: number | null, depth: number): MenuNode[] => {
    const nodes: MenuNode[] = [];
    for (const e of children.get(parent) ?? []) {
      const path = menuPath(e);
      const kids = depth < MAX_DEPTH ? build(e.id, depth + 1) : [];
      if (kids.length > 0) nodes.push({ key: String(e.id), name: e.name, children: kids });
      else if (path) nodes.push({ key: String(e.id), name: e.name, path });
    }
    return nodes;
  };
  return build(null, 1);
}

/**
 * The tree reduced to pages whose name contains the keyword (case-insensitive) and the ancestors
 * of those pages; a matching group keeps all of its pages. An empty keyword keeps everything.
 */
export function filterMenuTree(tree: readonly MenuNode[], keyword: string): MenuNode[] {
  const word = keyword.trim().toLowerCase();
  if (!word) return tree as MenuNode[];
  const walk = (nodes: readonly MenuNode[]): MenuNode[] => {
    const kept: MenuNode[] = [];
    for (const node of nodes) {
      if (node.name.toLowerCase().includes(word)) kept.push(node);
      else if (node.children) {
        const kids = walk(node.children);
        if (kids.length > 0) kept.push({ ...node, children: kids });
      }
    }
    return kept;
  };
  return walk(tree);
}

/** Keys of every group in a tree (to open all of them while searching). */
export function groupKeys(tree: readonly MenuNode[]): string[] {
  return tree.flatMap((n) => (n.children ? [n.key, ...groupKeys(n.children)] : []));
}

/** Keys of the groups leading to the page of a path (to open them when the page is shown). */
export function ancestorKeys(tree: readonly MenuNode[], path: string): string[] {
  const lower = path.toLowerCase();
  for (const node of tree) {
    if (node.path?.toLowerCase() === lower) return [];
    if (node.children) {
      const below = ancestorKeys(node.children, path);
      if (below.length > 0 || node.children.some((c) => c.path?.toLowerCase() === lower)) {
        return [node.key, ...below];
      }
    }
  }
  return [];
}

/** Every page of the tree, in order (for titles and quick links). */
export function menuPages(tree: readonly MenuNode[]): MenuNode[] {
  return tree.flatMap((n) => (n.children ? menuPages(n.children) : n.path ? [n] : []));
}

/** The permission title of a path (SPEC 2.11, tab titles): the name of the entry that opens it. */
export function permissionTitle(entries: readonly MenuEntry[], path: string): string | undefined {
  const lower = path.toLowerCase();
  return entries.find((e) => e.menuClass !== BUTTON && menuPath(e)?.toLowerCase() === lower)?.name;
}

/** The names from the top group down to the page of a path (breadcrumb); empty when not in the menu. */
export function menuTrail(tree: readonly MenuNode[], path: string): string[] {
  const lower = path.toLowerCase();
  for (const node of tree) {
    if (node.path?.toLowerCase() === lower) return [node.name];
    if (node.children) {
      const below = menuTrail(node.children, path);
      if (below.length > 0) return [node.name, ...below];
    }
  }
  return [];
}

/**
 * Rows of a tree resource (resource.tree) nested under their parents, in the order they came: a row
 * whose parent is not among the rows is a root, so a filtered list shows each match with what hangs
 * below it. Pure; the tree page (renderer list) and the tree pickers use it.
 */
export interface TreeNode<R> {
  row: R;
  children: TreeNode<R>[];
}

export function nestRows<R extends Record<string, unknown>>(
  rows: R[],
  key: string,
  parent: string,
): TreeNode<R>[] {
  const nodes = new Map<unknown, TreeNode<R>>();
  for (const row of rows) nodes.set(row[key], { row, children: [] });
  const roots: TreeNode<R>[] = [];
  for (const row of rows) {
    const node = nodes.get(row[key])!;
    const up = row[parent] === null || row[parent] === undefined ? undefined : nodes.get(row[parent]);
    if (up && up !== node) up.children.push(node);
    else roots.push(node);
  }
  return roots;
}

import { connect } from '@formily/react';
import { Alert, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n';
import { loadResource } from '../catalogue';
import { resourceProvider } from '../data/provider';

type Row = Record<string, unknown>;
type Key = string | number;

interface ResourceTreeProps {
  /** Resource of schemas/resources whose 'all' endpoint lists the nodes (e.g. permission). */
  resource: string;
  labelField?: string;
  valueField?: string;
  parentField?: string;
  /** Optional top level: rows are grouped by this field, titled by groupLabels (e.g. app → 子系统). */
  groupField?: string;
  groupLabels?: Record<string, string>;
  value?: Key[];
  onChange?: (value: Key[]) => void;
  disabled?: boolean;
  height?: number;
}

const GROUP = 'group:';

function buildTree(
  rows: Row[],
  p: Required<Pick<ResourceTreeProps, 'labelField' | 'valueField' | 'parentField'>> & ResourceTreeProps,
) {
  const nodes = new Map<Key, TreeDataNode & { children: TreeDataNode[] }>();
  for (const row of rows) {
    const key = row[p.valueField] as Key;
    nodes.set(key, { key, title: String(row[p.labelField] ?? key), children: [] });
  }
  const roots = new Map<string, TreeDataNode[]>();
  for (const row of rows) {
    const node = nodes.get(row[p.valueField] as Key)!;
    const parent = nodes.get(row[p.parentField] as Key);
    if (parent) parent.children.push(node);
    else {
      const group = p.groupField ? String(row[p.groupField] ?? '') : '';
      roots.set(group, [...(roots.get(group) ?? []), node]);
    }
  }
  // Leaves have no children array, so the tree draws no expander for them.
  for (const node of nodes.values()) if (!node.children.length) delete (node as TreeDataNode).children;
  if (!p.groupField) return roots.get('') ?? [];
  return [...roots].map(([group, children]) => ({
    key: GROUP + group,
    title: p.groupLabels?.[group] ?? group,
    children,
  }));
}

/** Parent and descendants of every node (the app group roots included), for the tick rules. */
function relations(nodes: TreeDataNode[]) {
  const parent = new Map<Key, Key>();
  const below = new Map<Key, Key[]>();
  const walk = (list: TreeDataNode[], up?: Key): Key[] =>
    list.flatMap((n) => {
      const key = n.key as Key;
      if (up !== undefined) parent.set(key, up);
      const desc = n.children ? walk(n.children, key) : [];
      below.set(key, desc);
      return [key, ...desc];
    });
  walk(nodes);
  const ancestors = (key: Key): Key[] => {
    const out: Key[] = [];
    for (let k = parent.get(key); k !== undefined; k = parent.get(k)) out.push(k);
    return out;
  };
  return { ancestors, descendants: (key: Key) => below.get(key) ?? [] };
}

const isGroupRoot = (k: Key) => String(k).startsWith(GROUP);

function filterTree(nodes: TreeDataNode[], text: string): TreeDataNode[] {
  return nodes.flatMap((n) => {
    const children = n.children ? filterTree(n.children, text) : [];
    if (String(n.title).includes(text)) return [n];
    return children.length ? [{ ...n, children }] : [];
  });
}

/**
 * x-component ResourceTree: a checkable tree over a self-referencing resource (the role permission
 * menu); the value is the ids of the ticked nodes. Nodes are ticked independently (a page can be held
 * without some of its buttons), with the rules of a permission editor: ticking a node ticks everything
 * below it and everything above it (a button needs its page, a page its groups); unticking a node
 * unticks everything below it. Filtering hides nodes but never drops their ticks.
 */
function ResourceTreeBase({
  labelField = 'name',
  valueField = 'id',
  parentField = 'parentId',
  height = 420,
  value,
  onChange,
  disabled,
  ...rest
}: ResourceTreeProps) {
  const [rows, setRows] = useState<Row[] | undefined>();
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  useEffect(() => {
    let live = true;
    loadResource(rest.resource)
      .then((r) => resourceProvider(r).getAll?.() ?? [])
      .then((list) => live && setRows(list))
      .catch(() => {
        if (!live) return;
        setFailed(true);
        setRows([]);
      });
    return () => {
      live = false;
    };
  }, [rest.resource]);
  const tree = useMemo(
    () => buildTree(rows ?? [], { ...rest, labelField, valueField, parentField }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the rows or fields change
    [rows, labelField, valueField, parentField, rest.groupField],
  );
  const rel = useMemo(() => relations(tree), [tree]);
  const shown = useMemo(() => (text ? filterTree(tree, text) : tree), [tree, text]);
  const checked = useMemo(() => {
    const held = new Set(value ?? []);
    // An app root is shown ticked when the role holds everything under it.
    const roots = tree
      .map((n) => n.key as Key)
      .filter((k) => isGroupRoot(k) && rel.descendants(k).every((d) => held.has(d)));
    return { checked: [...held, ...roots], halfChecked: [] };
  }, [value, tree, rel]);
  if (failed) return <Alert type="error" showIcon message={t('widgets.permissionsFailed')} />;
  if (!rows) return <Spin />;
  return (
    <div>
      <Input.Search
        allowClear
        placeholder={t('widgets.searchPermissions')}
        onChange={(e) => setText(e.target.value.trim())}
        style={{ marginBottom: 8 }}
      />
      <Tree
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        height={height}
        defaultExpandAll
        treeData={shown}
        checkedKeys={checked}
        onCheck={(_, info) => {
          const key = info.node.key as Key;
          const next = new Set(value ?? []);
          const changed = info.checked
            ? [key, ...rel.descendants(key), ...rel.ancestors(key)]
            : [key, ...rel.descendants(key)];
          for (const k of changed) {
            if (isGroupRoot(k)) continue;
            if (info.checked) next.add(k);
            else next.delete(k);
          }
          onChange?.([...next]);
        }}
      />
    </div>
  );
}

export const ResourceTree = connect(ResourceTreeBase);

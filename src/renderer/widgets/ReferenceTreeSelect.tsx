import { connect } from '@formily/react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { resolveReference } from '@/schema/references';
import { nestRows, type TreeNode } from '@/schema/tree';
import type { ReferenceDef } from '@/generated/schema-files';
import { loadResource } from '../catalogue';
import { resourceProvider } from '../data/provider';
import type { Row } from '../schema-types';

interface Option {
  title: string;
  value: string | number;
  children?: Option[];
}

interface ReferenceTreeSelectProps extends Omit<TreeSelectProps, 'treeData'> {
  /** The tree resource (with an 'all' endpoint): the filtered field's x-reference or the filter's tree. */
  reference: ReferenceDef;
}

function toOptions(nodes: TreeNode<Row>[], key: string, title: string): Option[] {
  return nodes.map((n) => ({
    title: String(n.row[title] ?? ''),
    value: n.row[key] as string | number,
    ...(n.children.length ? { children: toOptions(n.children, key, title) } : {}),
  }));
}

/**
 * Search component of an `under` filter (e.g. 商品分类): the whole tree of the referenced resource in
 * a searchable TreeSelect; any level may be chosen, the server matches that node and everything below.
 */
function ReferenceTreeSelectBase({ reference, ...rest }: ReferenceTreeSelectProps) {
  const [treeData, setTreeData] = useState<Option[]>();
  useEffect(() => {
    let live = true;
    void (async () => {
      const def = await loadResource(reference.resource);
      const provider = resourceProvider(def);
      if (!def.tree || !provider.getAll) return;
      const rows = await provider.getAll();
      // Nodes are keyed as the tree's parent field refers to them (e.g. category codes).
      const key = resolveReference(def.fields[def.tree.parent]!['x-reference']!, def).value;
      const nodes = nestRows(rows, key, def.tree.parent);
      if (live) setTreeData(toOptions(nodes, key, def.displayField ?? key));
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reference]);
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      loading={!treeData}
      treeData={treeData ?? []}
      popupMatchSelectWidth={false}
      {...rest}
    />
  );
}

export const ReferenceTreeSelect = connect(ReferenceTreeSelectBase);

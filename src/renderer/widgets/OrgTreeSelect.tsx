import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '@/runtime/request';

/** SPEC 7.3: the organisation tree (optional userId). */
export const ORG_TREE_PATH = '/api/v1/smm/org/findAllOrgTree';

interface OrgNode {
  id?: number;
  orgId?: number;
  name?: string;
  orgName?: string;
  children?: OrgNode[];
}

type TreeOption = { title: string; value: number; children?: TreeOption[] };

function toOptions(nodes: OrgNode[] | undefined): TreeOption[] {
  return (nodes ?? []).map((n) => ({
    title: n.orgName ?? n.name ?? String(n.orgId ?? n.id),
    value: (n.orgId ?? n.id) as number,
    ...(n.children?.length ? { children: toOptions(n.children) } : {}),
  }));
}

function OrgTreeSelectBase(props: TreeSelectProps) {
  const [options, setOptions] = useState<TreeOption[] | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      // Silent: the field says so itself; a toast over an open form would only distract.
      .get<OrgNode[]>(ORG_TREE_PATH, undefined, { cache: true, silent: true })
      .then((nodes) => live && setOptions(toOptions(nodes)))
      .catch(() => {
        if (!live) return;
        setFailed(true);
        setOptions([]);
      });
    return () => {
      live = false;
    };
  }, []);
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      {...props}
      placeholder={failed ? '机构列表加载失败' : props.placeholder}
      loading={!options}
      treeData={options ?? []}
    />
  );
}

/** x-component OrgTreeSelect: picks an organisation (orgId) from the organisation tree. */
export const OrgTreeSelect = connect(OrgTreeSelectBase, mapReadPretty(PreviewText.TreeSelect));

import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { callContract } from '@/runtime/request';
import { orgTree } from '@/schema/contracts/org';
import type { DataOf } from '@/schema/contracts/define';

type OrgNode = DataOf<typeof orgTree>[number];

type TreeOption = { title: string; value: number; children?: TreeOption[] };

function toOptions(nodes: readonly OrgNode[] | undefined): TreeOption[] {
  return (nodes ?? []).map((n) => ({
    title: n.orgName,
    value: n.orgId,
    ...(n.children?.length ? { children: toOptions(n.children) } : {}),
  }));
}

function OrgTreeSelectBase(props: TreeSelectProps) {
  const [options, setOptions] = useState<TreeOption[] | undefined>();
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // SPEC 7.3's organisation tree, through its contract. Silent: the field says so itself; a toast
    // over an open form would only distract.
    callContract(orgTree, {}, { cache: true, silent: true })
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
      placeholder={failed ? t('widgets.orgsFailed') : props.placeholder}
      loading={!options}
      treeData={options ?? []}
    />
  );
}

/** x-component OrgTreeSelect: picks an organisation (orgId) from the organisation tree. */
export const OrgTreeSelect = connect(OrgTreeSelectBase, mapReadPretty(PreviewText.TreeSelect));

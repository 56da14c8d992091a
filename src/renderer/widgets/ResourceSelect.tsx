import { PreviewText } from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { loadResource } from '../catalogue';
import { resourceProvider } from '../data/provider';

type Option = { label: string; value: string | number };

interface ResourceSelectProps extends SelectProps {
  /** Resource of schemas/resources whose 'all' endpoint lists the options. */
  resource?: string;
  labelField?: string;
  valueField?: string;
  /** Only 'all' exists today (resource.schema.json endpoints.all). */
  endpoint?: 'all';
  /** Accepted for forms that name it; options are filtered in the browser (the list is capped at 500). */
  searchParam?: string;
}

/** Options of a resource's unpaged 'all' endpoint (e.g. active roles for a role assignment). */
function useResourceOptions(resource: string | undefined, labelField: string, valueField: string) {
  const [options, setOptions] = useState<Option[] | undefined>();
  useEffect(() => {
    if (!resource) return;
    let live = true;
    loadResource(resource)
      .then((r) => resourceProvider(r).getAll?.() ?? [])
      .then((rows) => {
        if (live)
          setOptions(
            rows.map((row) => ({ label: String(row[labelField] ?? ''), value: row[valueField] as number })),
          );
      })
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [resource, labelField, valueField]);
  return options;
}

function ResourceSelectBase({
  resource,
  labelField = 'name',
  valueField = 'id',
  ...rest
}: ResourceSelectProps) {
  const options = useResourceOptions(resource, labelField, valueField);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      {...rest}
      loading={!options}
      options={options ?? []}
    />
  );
}

/** x-component ResourceSelect (`"x-component-props": { "resource": "role", "mode": "multiple" }`). */
export const ResourceSelect = connect(
  ResourceSelectBase,
  mapProps({ dataSource: 'options' }),
  mapReadPretty(PreviewText.Select),
);

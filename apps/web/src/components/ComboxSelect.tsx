import { type ComboxOption, type ComboxType, FilterApi } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { http } from '../api/request';

const COMBOX_QUERY_KEY = ['combox'] as const;

interface ComboxSelectProps {
  /** Which options: the tenant's enabled roles, positions, companies or departments. */
  type: ComboxType;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

/**
 * A list filter's drop-down, fed by `GET /api/sys/filter/combox-list` (searchable, clearable). Read
 * again each time a screen opens with it, so a role or position just added is offered.
 */
export function ComboxSelect({
  type,
  value,
  onChange,
  placeholder,
  style,
  'data-testid': testId,
}: ComboxSelectProps) {
  const options = useQuery({
    queryKey: [...COMBOX_QUERY_KEY, type],
    queryFn: () => http.get<ComboxOption[]>(FilterApi.comboxList, { type }),
  });
  return (
    <Select<string>
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isLoading}
      placeholder={placeholder}
      aria-label={placeholder}
      options={(options.data ?? []).map((o) => ({ value: o.id, label: o.fullName }))}
      popupMatchSelectWidth={false}
      style={style}
      data-testid={testId}
    />
  );
}

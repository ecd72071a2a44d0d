import { dictName, type FlowDefinitionSummary, FlowEngineApi } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/request';

/** The tenant's released flows (the selector every workFlow screen that filters or picks flows reads). */
export const releasedFlowsKey = ['workFlow', 'selector'] as const;

interface Common {
  placeholder?: string;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
  'aria-label'?: string;
}

/** One or several released flows of the tenant, by id (a form control: `value`/`onChange`). */
export function FlowSelect(
  props: Common &
    (
      | { multiple: true; value?: string[]; onChange?: (v: string[]) => void }
      | { multiple?: false; value?: string; onChange?: (v: string | undefined) => void }
    ),
) {
  const { i18n } = useTranslation();
  const flows = useQuery({
    queryKey: releasedFlowsKey,
    queryFn: () => http.get<FlowDefinitionSummary[]>(FlowEngineApi.selector),
    staleTime: 60_000,
  });
  const { multiple, value, onChange, ...rest } = props;
  return (
    <Select<string | string[]>
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={flows.isLoading}
      value={value}
      onChange={(v) => (onChange as (v: unknown) => void)?.(v)}
      // In the reader's language (the English or traditional name when the flow has one).
      options={(flows.data ?? []).map((f) => ({ value: f.id, label: dictName(f, i18n.language) }))}
    />
  );
}

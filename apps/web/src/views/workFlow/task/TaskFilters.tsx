import { dictName, FLOW_LIST_TYPE, type FlowListType } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { UserSelect } from '../../../components/user';
import { flowTaskApi, flowTaskKeys, type TaskListParams } from './api';
import { useStatusOptions, useUrgencyOptions } from './status';

export interface TaskFilterValues {
  keyword?: string;
  flowId?: string;
  launcherId?: string | null;
  range?: [Dayjs, Dayjs] | null;
  urgency?: number;
  status?: number;
}

/** The list request's filters from the form (the range as epoch ms, whole days). */
export function filterParams(values: TaskFilterValues): Partial<TaskListParams> {
  const [from, to] = values.range ?? [];
  return {
    keyword: values.keyword,
    flowId: values.flowId || undefined,
    launcherId: values.launcherId || undefined,
    startTime: from ? from.startOf('day').valueOf() : undefined,
    endTime: to ? to.endOf('day').valueOf() : undefined,
    urgency: values.urgency,
    status: values.status,
  };
}

/**
 * The filter row of a task list: keyword, flow, launcher (not on "launched by me"), launch date
 * range, urgency and, on "launched by me", the status.
 */
export function TaskFilters({
  type,
  prefix,
  form,
  onSearch,
  onReset,
  actions,
}: {
  type: FlowListType;
  prefix: string;
  form: FormInstance<TaskFilterValues>;
  onSearch: (values: TaskFilterValues) => void;
  onReset: () => void;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation('flowTask');
  const flows = useQuery({ queryKey: flowTaskKeys.flows(), queryFn: flowTaskApi.flows });
  const urgencies = useUrgencyOptions();
  const statuses = useStatusOptions();
  const wide = { width: 200 };
  return (
    <ListSearchForm<TaskFilterValues>
      form={form}
      prefix={prefix}
      keywordLabel={t('filter.keyword')}
      keywordPlaceholder={t('filter.keywordHint')}
      onSearch={onSearch}
      onReset={onReset}
      actions={actions}
    >
      <Form.Item name="flowId" label={t('filter.flow')}>
        <Select
          allowClear
          style={wide}
          loading={flows.isLoading}
          options={(flows.data ?? []).map((f) => ({ value: f.id, label: dictName(f, i18n.language) }))}
          placeholder={t('filter.all')}
          data-testid={`${prefix}-flow`}
        />
      </Form.Item>
      {type !== FLOW_LIST_TYPE.launched && (
        <Form.Item name="launcherId" label={t('filter.launcher')}>
          <UserSelect style={wide} placeholder={t('filter.all')} data-testid={`${prefix}-launcher`} />
        </Form.Item>
      )}
      <Form.Item name="range" label={t('filter.launchedAt')}>
        <DateRangePicker placeholder={[t('filter.from'), t('filter.to')]} data-testid={`${prefix}-range`} />
      </Form.Item>
      <Form.Item name="urgency" label={t('filter.urgency')}>
        <Select
          allowClear
          style={{ width: 120 }}
          options={urgencies}
          placeholder={t('filter.all')}
          data-testid={`${prefix}-urgency`}
        />
      </Form.Item>
      {type === FLOW_LIST_TYPE.launched && (
        <Form.Item name="status" label={t('filter.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={statuses}
            placeholder={t('filter.all')}
            data-testid={`${prefix}-status`}
          />
        </Form.Item>
      )}
    </ListSearchForm>
  );
}

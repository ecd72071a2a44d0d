import type { DatasetParam } from '@srm/contracts/core';
import { validationMessage } from '@srm/contracts/core';
import {
  DatePicker,
  Form,
  type FormInstance,
  type FormItemProps,
  Input,
  InputNumber,
  Select,
  Space,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ResetButton, SearchButton } from '../../../components/listActions';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../../systemData/dataModel/model-form';
import type { ParamValues } from './api';

const DAY = 'YYYY-MM-DD';

/** A day kept as its text (`2026-12-31`) while the picker works on dayjs values. */
const dayItem: Partial<FormItemProps> = {
  getValueProps: (v: unknown) => {
    const day = typeof v === 'string' && v ? dayjs(v) : null;
    return { value: day?.isValid() ? day : undefined };
  },
  normalize: (d: Dayjs | null) => (d ? d.format(DAY) : undefined),
};

/** The form's starting values: each parameter's default, in the type of its widget. */
export function initialParamValues(params: readonly DatasetParam[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    const d = p.defaultValue;
    if (d === undefined || d === '') continue;
    if (p.type === 'number') {
      if (Number.isFinite(Number(d))) out[p.code] = Number(d);
    } else out[p.code] = d;
  }
  return out;
}

/** The values to send: every one as text, the empty ones left out (the server takes the default). */
export function toParamValues(values: Record<string, unknown>, params: readonly DatasetParam[]): ParamValues {
  const out: ParamValues = {};
  for (const p of params) {
    const v = values[p.code];
    if (v === undefined || v === null) continue;
    const text = String(v).trim();
    if (text !== '') out[p.code] = text;
  }
  return out;
}

/** Whether the report can run before anyone types: every required parameter has a default. */
export function runsWithoutInput(params: readonly DatasetParam[]): boolean {
  return params.every((p) => !p.required || (p.defaultValue ?? '') !== '');
}

/**
 * Puts a run's refusals (`params.<code>`) on the query form's fields; answers the messages that
 * belong to no field (said above the report instead).
 */
export function placeParamErrors(
  form: FormInstance,
  params: readonly DatasetParam[],
  fields: Record<string, string>,
): string[] {
  const codes = new Set(params.map((p) => p.code));
  const placed: { name: string; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const code = path.startsWith('params.') ? path.slice('params.'.length) : '';
    if (codes.has(code)) placed.push({ name: code, errors: [message] });
    else rest.push(message);
  }
  form.setFields(placed);
  return rest;
}

/**
 * One parameter's field: text, a number, a day, yes or no. `name` is its path in the form (the
 * query form's: the parameter's code; a portal widget's fixed values: under the widget).
 */
export function ParamItem({
  param,
  prefix,
  name,
}: {
  param: DatasetParam;
  prefix: string;
  name?: (string | number)[];
}) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const label = modelName(language, param.names) || param.code;
  const testId = `${prefix}-param-${param.code}`;
  // A required parameter with a default runs with the default when emptied: only one without asks.
  const rules =
    param.required && !param.defaultValue
      ? [{ required: true, message: validationMessage('validation.required', language) }]
      : [];
  let control: ReactNode;
  let item: Partial<FormItemProps> = {};
  if (param.type === 'number') {
    control = <InputNumber style={{ width: 160 }} data-testid={testId} />;
  } else if (param.type === 'date') {
    control = <DatePicker data-testid={testId} />;
    item = dayItem;
  } else if (param.type === 'boolean') {
    control = (
      <Select
        allowClear
        style={{ minWidth: 120 }}
        placeholder={t('params.any')}
        options={[
          { value: 'true', label: t('params.yes') },
          { value: 'false', label: t('params.no') },
        ]}
        data-testid={testId}
      />
    );
  } else {
    control = <Input allowClear maxLength={200} data-testid={testId} />;
  }
  return (
    <Form.Item name={name ?? param.code} label={label} rules={rules} {...item}>
      {control}
    </Form.Item>
  );
}

/**
 * A dataset's parameters as a query form in a row that wraps: text, a number, a day, yes or no,
 * each starting at its default. Submitting hands the values on as text (`onSearch`); `submit`
 * replaces the search and reset buttons (the designer's preview runs instead of searching).
 */
export function ParamForm({
  form,
  params,
  prefix,
  onSearch,
  onReset,
  submit,
  actions,
  className,
}: {
  form: FormInstance;
  params: readonly DatasetParam[];
  /** Test ids: `${prefix}-param-<code>`, `${prefix}-search`, `${prefix}-reset`. */
  prefix: string;
  onSearch: (values: ParamValues) => void;
  onReset?: (defaults: ParamValues) => void;
  submit?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  // Field ids of their own: two reports open in two tabs ask for parameters of the same code.
  const name = `rpt${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      className={['rpt-query', className].filter(Boolean).join(' ')}
      initialValues={initialParamValues(params)}
      onFinish={(values: Record<string, unknown>) => onSearch(toParamValues(values, params))}
      data-testid={`${prefix}-query`}
    >
      {params.map((p) => (
        <ParamItem key={p.code} param={p} prefix={prefix} />
      ))}
      <Form.Item>
        <Space wrap>
          {submit ?? (
            <>
              <SearchButton prefix={prefix} />
              <ResetButton
                prefix={prefix}
                onClick={() => {
                  form.resetFields();
                  onReset?.(toParamValues(initialParamValues(params), params));
                }}
              />
            </>
          )}
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}

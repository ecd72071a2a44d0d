import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { DM_NAME_MAX, validationMessage } from '@srm/contracts/core';
import { Button, Col, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';

export interface FieldOption {
  value: string;
  label: string;
}

type FieldName = (string | number)[];

/**
 * One column of the dataset's rows: chosen from its columns when they are known, typed otherwise
 * (a dataset written as `select *` says its columns only once it has run).
 */
export function FieldSelect({
  options,
  value,
  onChange,
  id,
  allowClear,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  options: FieldOption[];
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  allowClear?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  if (options.length === 0)
    return (
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        allowClear={allowClear}
        maxLength={63}
        spellCheck={false}
        aria-label={ariaLabel}
        data-testid={testId}
      />
    );
  return (
    <Select
      id={id}
      value={value}
      onChange={(v: string | undefined) => onChange?.(v)}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}

/** Several columns of the dataset's rows (chosen, or typed when its columns are not known). */
export function FieldsSelect({
  options,
  value,
  onChange,
  id,
  maxCount,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  options: FieldOption[];
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  maxCount: number;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Select
      id={id}
      mode={options.length ? 'multiple' : 'tags'}
      value={value}
      onChange={onChange}
      maxCount={maxCount}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      open={options.length ? undefined : false}
      suffixIcon={options.length ? undefined : null}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}

/**
 * A name in the three languages: simplified Chinese required, the others optional (an empty one
 * shows the simplified-Chinese name). Each is a column of a `Row`.
 */
export function NameInputs({
  name,
  labels,
  testId,
}: {
  name: FieldName;
  labels: [string, string, string];
  testId: string;
}) {
  const language = useAppStore((s) => s.language);
  return (
    <>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item
          name={[...name, 'zh-CN']}
          label={labels[0]}
          rules={[
            { required: true, whitespace: true, message: validationMessage('validation.required', language) },
          ]}
        >
          <Input maxLength={DM_NAME_MAX} data-testid={`${testId}-zh-CN`} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item name={[...name, 'en-US']} label={labels[1]}>
          <Input maxLength={DM_NAME_MAX} data-testid={`${testId}-en-US`} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item name={[...name, 'zh-TW']} label={labels[2]}>
          <Input maxLength={DM_NAME_MAX} data-testid={`${testId}-zh-TW`} />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * The head of a list row (a column, a chart): its title, then move up, move down and remove as
 * icon buttons named for the screen reader. Test ids `${testId}-up`, `-down`, `-remove`.
 */
export function RowHead({
  title,
  index,
  count,
  onMove,
  onRemove,
  testId,
}: {
  title: ReactNode;
  index: number;
  count: number;
  onMove?: (to: number) => void;
  onRemove: () => void;
  testId: string;
}) {
  const { t } = useTranslation('dataReport');
  const name = typeof title === 'string' ? title : '';
  return (
    <div className="rpt-editor-row-head">
      <strong>{title}</strong>
      <Space size={0}>
        {onMove && (
          <>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('editor.moveUp', { name })}
              title={t('editor.moveUp', { name })}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
              data-testid={`${testId}-up`}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('editor.moveDown', { name })}
              title={t('editor.moveDown', { name })}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
              data-testid={`${testId}-down`}
            />
          </>
        )}
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('editor.remove', { name })}
          title={t('editor.remove', { name })}
          onClick={onRemove}
          data-testid={`${testId}-remove`}
        />
      </Space>
    </div>
  );
}

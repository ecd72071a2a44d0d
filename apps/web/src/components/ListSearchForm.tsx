import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<V extends { keyword?: string }> {
  form: FormInstance<V>;
  /** Test ids: `${prefix}-keyword`, `${prefix}-search`, `${prefix}-reset`. */
  prefix: string;
  keywordLabel: string;
  keywordPlaceholder?: string;
  /** The submitted values, with the keyword trimmed (blank → undefined). */
  onSearch(values: V): void;
  /** After the fields are cleared. */
  onReset(): void;
  /** Extra filter items after the keyword. */
  children?: ReactNode;
  /** Extra buttons after search and reset (add, import …). */
  actions?: ReactNode;
}

/** The filter row above a list: keyword, extra filters, search, reset and actions; wraps when narrow. */
export function ListSearchForm<V extends { keyword?: string }>({
  form,
  prefix,
  keywordLabel,
  keywordPlaceholder,
  onSearch,
  onReset,
  children,
  actions,
}: Props<V>) {
  const { t } = useTranslation('common');
  return (
    <Form<V>
      form={form}
      layout="inline"
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() || undefined })}
    >
      <Form.Item name="keyword" label={keywordLabel}>
        <Input
          allowClear
          maxLength={100}
          placeholder={keywordPlaceholder}
          data-testid={`${prefix}-keyword`}
        />
      </Form.Item>
      {children}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${prefix}-search`}>
            {t('search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
            data-testid={`${prefix}-reset`}
          >
            {t('reset')}
          </Button>
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}

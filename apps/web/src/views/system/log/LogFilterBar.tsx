import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/DateRangePicker';
import type { LogFilterForm } from './useLogList';

interface Props {
  form: FormInstance<LogFilterForm>;
  prefix: string;
  keywordPlaceholder: string;
  onSearch: () => void;
  onReset: () => void;
  /** Extra filter items between the keyword and the buttons. */
  children?: ReactNode;
  /** Extra buttons after search and reset (export …). */
  actions?: ReactNode;
}

/** Time range, keyword, extra filters, search and reset; wraps on narrow windows. */
export function LogFilterBar({
  form,
  prefix,
  keywordPlaceholder,
  onSearch,
  onReset,
  children,
  actions,
}: Props) {
  const { t } = useTranslation('system');
  return (
    <Form<LogFilterForm>
      form={form}
      layout="inline"
      onFinish={onSearch}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="range" label={t('log.timeRange')}>
        <DateRangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={[t('log.startTime'), t('log.endTime')]}
          data-testid={`${prefix}-range`}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t('log.keyword')}>
        <Input
          allowClear
          placeholder={keywordPlaceholder}
          maxLength={100}
          data-testid={`${prefix}-keyword`}
        />
      </Form.Item>
      {children}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${prefix}-search`}>
            {t('common:search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={onReset} data-testid={`${prefix}-reset`}>
            {t('common:reset')}
          </Button>
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}

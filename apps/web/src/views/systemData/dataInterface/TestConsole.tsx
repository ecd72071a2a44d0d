import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import {
  type DataInterfaceSummary,
  type DataInterfaceTestResult,
  dataInterfaceQueryParams,
  dataInterfaceResponsePath,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Drawer, Input, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../dataModel/model-form';
import { refusalMessages } from '../dataSource/api';
import { dataInterfaceApi, dataInterfaceKeys } from './api';
import { consoleQuery, consoleRows } from './data-interface-form';

const DRAWER_SIZE = 'min(820px, 100vw)';
type QueryRow = { name: string; value: string };

/**
 * The test console of a saved interface: query parameter rows (those it reads to begin with), Send,
 * and what came back — its status, time and pretty JSON, or why it failed.
 */
export function TestConsole({ item, onClose }: { item: DataInterfaceSummary; onClose: () => void }) {
  const { t } = useTranslation('dataInterface');
  const language = useAppStore((s) => s.language);
  const detail = useQuery({
    queryKey: dataInterfaceKeys.one(item.id),
    queryFn: () => dataInterfaceApi.get(item.id),
  });
  const options = useQuery({ queryKey: dataInterfaceKeys.options(), queryFn: dataInterfaceApi.options });
  const [rows, setRows] = useState<QueryRow[] | null>(null);
  const baseId = useId();

  useEffect(() => {
    if (rows || !detail.data || !options.data) return;
    const params = options.data.datasets.find((d) => d.id === detail.data.datasetId)?.params ?? [];
    setRows(consoleRows(dataInterfaceQueryParams(detail.data, params).map((p) => p.name)));
  }, [rows, detail.data, options.data]);

  const send = useMutation({ mutationFn: () => dataInterfaceApi.test(item.id, consoleQuery(rows ?? [])) });
  const setRow = (i: number, patch: Partial<QueryRow>) =>
    setRows((all) => (all ?? []).map((row, j) => (j === i ? { ...row, ...patch } : row)));

  return (
    <Drawer
      open
      title={t('test.title', { name: modelName(language, item.names) })}
      onClose={onClose}
      size={DRAWER_SIZE}
      destroyOnHidden
      data-testid="di-console"
    >
      <Typography.Paragraph>
        <Typography.Text code copyable data-testid="di-console-path">
          {`GET ${dataInterfaceResponsePath(item.id)}`}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('test.note')}</Typography.Paragraph>
      {!rows ? (
        <Spin spinning />
      ) : (
        <section aria-label={t('test.params')}>
          <Typography.Title level={2} className="di-section">
            {t('test.params')}
          </Typography.Title>
          {rows.map((row, i) => (
            // The rows have no identity but their place: a row removed takes its inputs with it.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Row gutter={8} key={i} className="di-console-row" data-testid={`di-console-row-${i}`}>
              <Col xs={10} md={9}>
                <Input
                  id={`${baseId}-name-${i}`}
                  aria-label={t('test.name')}
                  placeholder={t('test.name')}
                  value={row.name}
                  spellCheck={false}
                  onChange={(e) => setRow(i, { name: e.target.value })}
                  data-testid={`di-console-row-${i}-name`}
                />
              </Col>
              <Col xs={10} md={13}>
                <Input
                  aria-label={row.name ? `${t('test.value')}: ${row.name}` : t('test.value')}
                  placeholder={t('test.value')}
                  value={row.value}
                  onChange={(e) => setRow(i, { value: e.target.value })}
                  onPressEnter={() => send.mutate()}
                  data-testid={`di-console-row-${i}-value`}
                />
              </Col>
              <Col xs={4} md={2}>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('editor.remove')}
                  title={t('editor.remove')}
                  onClick={() => setRows((all) => (all ?? []).filter((_, j) => j !== i))}
                  data-testid={`di-console-row-${i}-remove`}
                />
              </Col>
            </Row>
          ))}
          <Space wrap style={{ marginBottom: 16 }}>
            <Button
              icon={<PlusOutlined />}
              onClick={() => setRows((all) => [...(all ?? []), { name: '', value: '' }])}
              data-testid="di-console-add"
            >
              {t('test.addParam')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={send.isPending}
              onClick={() => send.mutate()}
              data-testid="di-console-send"
            >
              {t('test.send')}
            </Button>
          </Space>
        </section>
      )}
      {send.data && <Outcome result={send.data} />}
      {send.isError && (
        <Alert
          type="error"
          showIcon
          title={t('test.failed')}
          description={refusalMessages(send.error).join(' ')}
          data-testid="di-console-error"
        />
      )}
    </Drawer>
  );
}

function Outcome({ result }: { result: DataInterfaceTestResult }) {
  const { t } = useTranslation('dataInterface');
  return (
    <div data-testid="di-console-result">
      <Space wrap style={{ marginBottom: 8 }}>
        <Tag color="green" data-testid="di-console-status">
          {t('test.status', { status: result.status })}
        </Tag>
        <Tag data-testid="di-console-ms">{t('test.ms', { ms: result.ms })}</Tag>
      </Space>
      {result.truncated && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('test.truncated')} />
      )}
      {/* A long answer scrolls within its box: the box takes the focus, so a keyboard scrolls it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="di-json" tabIndex={0} aria-label={t('test.answer')}>
        <pre data-testid="di-console-body">{JSON.stringify(result.body, null, 2)}</pre>
      </section>
    </div>
  );
}

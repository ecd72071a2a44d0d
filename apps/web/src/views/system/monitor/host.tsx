import { ReloadOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatFileSize,
  type MonitorInfo,
  type MonitorSample,
  type ServerProcess,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Progress,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../../components/chart';
import { fixedColumns } from '../../../components/fixedColumns';
import { monitorKeys } from './api';

/** Every few seconds: the screen is watched while something happens. */
const REFRESH_MS = 5_000;

type Metric = 'cpu' | 'memUsed' | 'heapUsed' | 'loopDelayP99';

/** The monitor's tables: a few rows each, no paging, scrolling sideways on a phone. */
const SMALL_TABLE = { size: 'small', pagination: false, scroll: { x: 'max-content' } } as const;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

const duration = (seconds: number) => ({
  d: Math.floor(seconds / 86_400),
  h: Math.floor((seconds % 86_400) / 3600),
  m: Math.floor((seconds % 3600) / 60),
});

/** A small line chart of one metric over the kept samples. */
function useSeries(
  history: MonitorSample[],
  metric: Metric,
  name: string,
  format: (v: number) => string,
): ChartOption {
  return useMemo(
    () => ({
      grid: { left: 8, right: 12, top: 12, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : String(v)),
      },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
      yAxis: {
        type: 'value',
        max: metric === 'cpu' ? 100 : undefined,
        axisLabel: { formatter: (v: number) => format(v) },
        splitNumber: 3,
      },
      series: [
        {
          name,
          type: 'line',
          showSymbol: false,
          areaStyle: { opacity: 0.15 },
          data: history.map((s) => [s.time, s[metric]]),
        },
      ],
    }),
    [history, metric, name, format],
  );
}

const mb = (v: number) => formatFileSize(v);
const pct = (v: number) => `${v.toFixed(0)} %`;
const ms = (v: number) => `${v.toFixed(1)} ms`;

function MetricCard({
  title,
  value,
  history,
  metric,
  format,
  testId,
}: {
  title: string;
  value: string;
  history: MonitorSample[];
  metric: Metric;
  format: (v: number) => string;
  testId: string;
}) {
  const { t } = useTranslation('ops');
  const option = useSeries(history, metric, title, format);
  return (
    <Card size="small" variant="outlined" data-testid={testId}>
      <Statistic title={title} value={value} />
      <Chart
        option={option}
        height={120}
        label={t('chartLabel', { name: title })}
        data-testid={`${testId}-chart`}
      />
    </Card>
  );
}

/**
 * The host monitor: the machine, the Node process, the database, Redis and the server processes.
 * The platform operator's view (no tenant route answers it; `sample` is given the operator's call).
 */
export function HostMonitor({ sample }: { sample: () => Promise<MonitorInfo> }) {
  const { t } = useTranslation('ops');
  const query = useQuery({
    queryKey: monitorKeys.host,
    queryFn: sample,
    refetchInterval: REFRESH_MS,
  });
  const m: MonitorInfo | undefined = query.data;
  /** A description row from [label key, value]. */
  const describe = (rows: [string, ReactNode][]) =>
    rows.map(([key, value]) => ({ key, label: t(key), children: value }));
  const history = m?.history ?? [];

  const processColumns: ColumnsType<ServerProcess> = [
    {
      title: t('proc.host'),
      dataIndex: 'host',
      key: 'host',
      render: (host: string, row) => (
        <Space size={4}>
          <span>{host}</span>
          {row.current && <Tag color="processing">{t('proc.current')}</Tag>}
        </Space>
      ),
    },
    { title: t('proc.pid'), dataIndex: 'pid', key: 'pid' },
    { title: t('proc.node'), dataIndex: 'nodeVersion', key: 'nodeVersion' },
    {
      title: t('proc.started'),
      dataIndex: 'startedAt',
      key: 'startedAt',
      render: (v: number) => formatDate(v, 'yyyy-MM-dd HH:mm:ss'),
    },
    {
      title: t('proc.lastSeen'),
      dataIndex: 'lastSeen',
      key: 'lastSeen',
      render: (v: number) => formatDate(v, 'HH:mm:ss'),
    },
  ];
  const diskColumns: ColumnsType<MonitorInfo['system']['disks'][number]> = [
    { title: t('disk.mount'), dataIndex: 'mount', key: 'mount' },
    { title: t('disk.size'), dataIndex: 'size', key: 'size', render: mb },
    {
      title: t('disk.used'),
      key: 'used',
      render: (_, d) => (
        <Progress
          aria-label={t('disk.usedOf', { mount: d.mount })}
          percent={percent(d.used, d.size)}
          size="small"
          format={() => `${mb(d.used)} (${percent(d.used, d.size)} %)`}
          style={{ minWidth: 200 }}
        />
      ),
    },
  ];
  const slowColumns: ColumnsType<NonNullable<MonitorInfo['database']['slowStatements']>[number]> = [
    { title: t('db.query'), dataIndex: 'query', key: 'query', width: 480, ellipsis: true },
    { title: t('db.calls'), dataIndex: 'calls', key: 'calls', width: 90, align: 'right' },
    { title: t('db.mean'), dataIndex: 'meanMs', key: 'meanMs', width: 110, align: 'right', render: ms },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="monitor-page">
      <Space wrap>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="monitor-refresh"
        >
          {t('refresh')}
        </Button>
        {m && (
          <Typography.Text type="secondary" data-testid="monitor-time">
            {t('sampledAt', { time: formatDate(m.time, 'HH:mm:ss'), seconds: REFRESH_MS / 1000 })}
          </Typography.Text>
        )}
      </Space>
      {m && (
        <>
          <Row gutter={[16, 16]}>
            {(
              [
                ['cpu', 'cpu', pct(m.system.cpu), pct, 'cpu'],
                ['memory', 'memUsed', `${mb(m.system.memUsed)} / ${mb(m.system.memTotal)}`, mb, 'memory'],
                ['heap', 'heapUsed', mb(m.node.heapUsed), mb, 'heap'],
                ['loop', 'loopDelayP99', ms(m.node.loopDelayP99Ms), ms, 'loop'],
              ] as const
            ).map(([key, metric, value, format]) => (
              <Col xs={24} md={12} xl={6} key={key}>
                <MetricCard
                  title={t(`metric.${key}`)}
                  value={value}
                  history={history}
                  metric={metric}
                  format={format}
                  testId={`monitor-${key}`}
                />
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('section.system')}>
                <Descriptions
                  column={1}
                  size="small"
                  items={describe([
                    ['sys.cpu', `${m.system.cpuModel} × ${m.system.cores}`],
                    ['sys.os', m.system.os],
                    ['sys.load', m.system.load.map((l) => l.toFixed(2)).join(' / ')],
                    [
                      'sys.memory',
                      <Progress
                        key="mem"
                        aria-label={t('sys.memory')}
                        percent={percent(m.system.memUsed, m.system.memTotal)}
                        size="small"
                        style={{ minWidth: 160 }}
                      />,
                    ],
                  ])}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('section.node')}>
                <Descriptions
                  column={1}
                  size="small"
                  items={describe([
                    ['node.version', m.node.version],
                    ['node.pid', m.node.pid],
                    ['node.uptime', t('uptimeValue', duration(m.node.uptimeSec))],
                    [
                      'node.memory',
                      t('node.memoryValue', {
                        heap: mb(m.node.heapUsed),
                        total: mb(m.node.heapTotal),
                        rss: mb(m.node.rss),
                      }),
                    ],
                    [
                      'node.loop',
                      t('node.loopValue', {
                        mean: ms(m.node.loopDelayMeanMs),
                        p99: ms(m.node.loopDelayP99Ms),
                      }),
                    ],
                  ])}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('section.database')}>
                <Descriptions
                  column={1}
                  size="small"
                  items={describe([
                    ['db.kind', t(`db.kindName.${m.database.kind}`)],
                    ['db.size', m.database.sizeBytes === null ? '—' : mb(m.database.sizeBytes)],
                    ['db.connections', m.database.connections ?? '—'],
                  ])}
                />
                {m.database.slowStatements === null ? (
                  <Alert
                    type="info"
                    showIcon
                    message={t('db.noStatements')}
                    data-testid="monitor-no-statements"
                  />
                ) : (
                  <Table
                    rowKey="query"
                    {...SMALL_TABLE}
                    {...fixedColumns(slowColumns)}
                    dataSource={m.database.slowStatements}
                    columns={slowColumns}
                  />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('section.redis')}>
                {m.redis ? (
                  <Descriptions
                    column={1}
                    size="small"
                    items={describe([
                      ['redis.version', m.redis.version],
                      ['redis.memory', mb(m.redis.usedMemory)],
                      ['redis.clients', m.redis.clients],
                    ])}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('redis.none')}</Typography.Text>
                )}
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('section.processes', { count: m.processes.length })}>
            <Table
              rowKey="id"
              {...SMALL_TABLE}
              dataSource={m.processes}
              columns={processColumns}
              data-testid="monitor-processes"
            />
          </Card>
          <Card size="small" title={t('section.disks')}>
            <Table rowKey="mount" {...SMALL_TABLE} dataSource={m.system.disks} columns={diskColumns} />
          </Card>
        </>
      )}
    </Space>
  );
}

import { formatDate } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataModelApi, dataModelKeys } from './api';
import { readableSql } from './model-form';
import './data-model.css';

/** Every version of a model, newest first: its number, who and when, and the statements it applied. */
export function Versions({ id }: { id: string }) {
  const { t } = useTranslation('dataModel');
  const query = useQuery({ queryKey: dataModelKeys.versions(id), queryFn: () => dataModelApi.versions(id) });
  const list = query.data?.list ?? [];
  if (query.isLoading) return <Spin />;
  if (!list.length) return <Empty description={t('version.empty')} />;
  return (
    <Flex vertical gap={12} component="ol" className="srm-dm-versions" data-testid="dm-versions">
      {list.map((v) => (
        <li key={v.version}>
          <Card
            size="small"
            title={<span data-testid="dm-version-number">{t('version.number', { n: v.version })}</span>}
            extra={
              <Typography.Text type="secondary">
                {v.createdByName} · {formatDate(v.createdAt, 'yyyy-MM-dd HH:mm:ss')}
              </Typography.Text>
            }
            data-testid={`dm-version-${v.version}`}
          >
            {v.statements.length ? (
              <>
                <Typography.Text strong>{t('version.statements')}</Typography.Text>
                {v.statements.map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a version's statements never change
                  <pre key={i} className="srm-dm-sql" data-testid="dm-version-statement">
                    <code>{readableSql(s)}</code>
                  </pre>
                ))}
              </>
            ) : (
              <Typography.Text type="secondary">{t('version.noStatements')}</Typography.Text>
            )}
          </Card>
        </li>
      ))}
    </Flex>
  );
}

import { formatDate, SUPPLIER_EVALUATION_CRITERIA } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplierApi, vendorKeys } from '../api';

const GRADE_COLORS: Record<string, string> = { A: 'green', B: 'blue', C: 'orange', D: 'red' };

/**
 * A supplier's latest approved evaluation on its record (staff only: the drawer is the purchasing
 * side's): the grade, the weighted score, the period and the four criteria, from the supplier
 * evaluation page once its flow approved a row. Nothing while it loads or when it cannot be read.
 */
export function SupplierEvaluationCard({ id }: { id: string }) {
  const { t } = useTranslation('vendor');
  const query = useQuery({
    queryKey: vendorKeys.evaluation(id),
    queryFn: () => supplierApi.evaluation(id),
    retry: false,
  });
  if (query.isLoading || query.isError) return null;
  const e = query.data ?? null;
  return (
    <Card size="small" title={t('evaluation.title')} data-testid="supplier-evaluation">
      {e ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label={t('evaluation.grade')}>
            <Tag color={GRADE_COLORS[e.grade ?? ''] ?? 'default'} data-testid="supplier-evaluation-grade">
              {e.grade ?? '-'}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('evaluation.score')}>
            <span data-testid="supplier-evaluation-score">{e.score === null ? '-' : e.score.toFixed(2)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('evaluation.period')}>{e.period}</Descriptions.Item>
          {SUPPLIER_EVALUATION_CRITERIA.map((c) => (
            <Descriptions.Item key={c.field} label={t(`evaluation.${c.field}`, { weight: c.weight * 100 })}>
              {e.scores[c.field] ?? '-'}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('evaluation.approvedAt')}>{formatDate(e.approvedAt)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary" data-testid="supplier-evaluation-none">
          {t('evaluation.none')}
        </Typography.Text>
      )}
    </Card>
  );
}

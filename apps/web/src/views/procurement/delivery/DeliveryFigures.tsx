import type { SupplierDelivery } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryKeys, portalDeliveryApi, receiptApi } from '../delivery-api';

function Figures({ f }: { f: SupplierDelivery }) {
  const { t } = useTranslation('delivery');
  const rate = (value: number | null, part: number) =>
    value === null ? (
      <Typography.Text type="secondary">{t('figures.none')}</Typography.Text>
    ) : (
      <>
        <Statistic value={value} precision={1} suffix="%" />
        <Typography.Text type="secondary">
          {t('figures.ofLines', { part, whole: f.receivedLines })}
        </Typography.Text>
      </>
    );
  return (
    <Row gutter={[16, 8]}>
      <Col xs={12} md={4}>
        <Statistic title={t('figures.openOrders')} value={f.openOrders} />
      </Col>
      <Col xs={12} md={4}>
        <Statistic title={t('figures.openLines')} value={f.openLines} />
      </Col>
      <Col xs={12} md={4}>
        <div data-testid="figures-overdue">
          <Statistic title={t('figures.overdueLines')} value={f.overdueLines} />
        </div>
      </Col>
      <Col xs={12} md={6} data-testid="figures-on-time">
        <Typography.Text type="secondary">{t('figures.onTime')}</Typography.Text>
        {rate(f.onTimeRate, f.onTimeLines)}
      </Col>
      <Col xs={12} md={6} data-testid="figures-quality">
        <Typography.Text type="secondary">{t('figures.quality')}</Typography.Text>
        {rate(f.qualityRate, f.acceptedLines)}
      </Col>
    </Row>
  );
}

/**
 * A supplier's delivery figures (open, overdue, on time, accepted in full) from its orders and
 * receipts: on its record for staff (`supplierId`), or the supplier's own on its notices page.
 * Nothing while they load or when the reader may not read them.
 */
export function DeliveryFigures({ supplierId }: { supplierId?: string }) {
  const { t } = useTranslation('delivery');
  const query = useQuery({
    queryKey: supplierId ? deliveryKeys.figures(supplierId) : deliveryKeys.ownFigures,
    queryFn: () => (supplierId ? receiptApi.figures(supplierId) : portalDeliveryApi.figures()),
    retry: false,
  });
  if (!query.data) return null;
  return (
    <Card size="small" title={t('figures.title')} data-testid="delivery-figures" style={{ marginBottom: 16 }}>
      <Figures f={query.data} />
    </Card>
  );
}

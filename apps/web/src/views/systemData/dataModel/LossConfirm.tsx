import type { DataModelLoss } from '@srm/contracts/core';
import { Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a change would lose (the 409 `dataModel.wouldLose`): per field, how and how many rows. Only
 * an explicit confirmation sends the change again with `confirm: true`; the default button goes
 * back to editing.
 */
export function LossConfirm({
  losses,
  fieldName,
  saving,
  onConfirm,
  onCancel,
}: {
  losses: DataModelLoss[];
  /** The field's name as the grid shows it, by code (a field the change drops included). */
  fieldName: (code: string) => string;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dataModel');
  const fieldOf = (code: string) =>
    code === '_tree' || code === '_lines' ? t('loss.modelFlag') : `${fieldName(code)} (${code})`;
  return (
    <Modal
      open
      title={t('loss.title')}
      onCancel={onCancel}
      onOk={onConfirm}
      confirmLoading={saving}
      okText={t('loss.confirm')}
      cancelText={t('loss.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'dm-loss-confirm' }}
      cancelButtonProps={{ autoFocus: true, 'data-testid': 'dm-loss-cancel' }}
      width="min(640px, calc(100vw - 32px))"
      data-testid="dm-loss"
    >
      <Typography.Paragraph>{t('loss.intro')}</Typography.Paragraph>
      <Table<DataModelLoss>
        rowKey={(l) => `${l.kind}:${l.field}`}
        size="small"
        pagination={false}
        dataSource={losses}
        scroll={{ x: 'max-content' }}
        data-testid="dm-loss-table"
        columns={[
          { title: t('loss.field'), key: 'field', render: (_, l) => fieldOf(l.field) },
          { title: t('loss.kind'), key: 'kind', render: (_, l) => t(`loss.kinds.${l.kind}`) },
          { title: t('loss.rows'), dataIndex: 'rows', key: 'rows', align: 'right' },
        ]}
      />
    </Modal>
  );
}

import { type DictItem, dictName } from '@srm/contracts/core';
import { Switch, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { EnabledTag } from '../../../components/org';
import { useAppStore } from '../../../store/settings';

/**
 * The columns an item list shows on the dictionary screen and on a dictionary page (menu type 4):
 * the name in the reader's language (marked where it falls back to the Chinese one), the status
 * (a switch for a user who may edit, else a tag) and the remark.
 */
export function useItemColumns<T extends DictItem>({
  canEdit,
  savingId,
  onState,
  stateTestId,
}: {
  canEdit: boolean;
  /** The row whose state is being saved (its switch spins). */
  savingId: string | undefined;
  onState(row: T, enabled: boolean): void;
  stateTestId: string;
}) {
  const { t } = useTranslation('dictionary');
  const language = useAppStore((s) => s.language);
  const ownName: keyof DictItem =
    language === 'en-US' ? 'fullNameEn' : language === 'zh-TW' ? 'fullNameTw' : 'fullName';
  const name: ColumnType<T> = {
    title: t('field.name'),
    key: 'name',
    render: (_, row) =>
      row[ownName] ? (
        row[ownName]
      ) : (
        <Typography.Text type="secondary" title={t('untranslated')}>
          {row.fullName}
        </Typography.Text>
      ),
  };
  const state: ColumnType<T> = {
    title: t('field.status'),
    dataIndex: 'enabled',
    key: 'enabled',
    width: 80,
    render: (enabled: boolean, row) =>
      canEdit ? (
        <Switch
          size="small"
          checked={enabled}
          loading={savingId === row.id}
          onChange={(checked) => onState(row, checked)}
          aria-label={t('stateOf', { name: dictName(row, language) })}
          data-testid={stateTestId}
        />
      ) : (
        <EnabledTag enabled={enabled} />
      ),
  };
  const remark: ColumnType<T> = {
    title: t('field.remark'),
    dataIndex: 'remark',
    key: 'remark',
    // The table sizes its columns by content: a long remark ends in an ellipsis at 160 px (its
    // whole text in the tooltip) instead of making the table thousands of pixels wide.
    render: (text: string) =>
      text ? (
        <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 160 }}>
          {text}
        </Typography.Text>
      ) : null,
  };
  return { ownName, name, state, remark };
}

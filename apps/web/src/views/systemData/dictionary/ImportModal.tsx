import type { DictCategory, DictExport } from '@srm/contracts/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, List, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { toast } from '../../../utils/message';
import { dictAdminApi } from './api';

/** `items.3.parentCode` → row 4, field parentCode; other keys as they are. */
function rowOf(key: string): { row: number | null; field: string } {
  const m = /^items\.(\d+)\.?(.*)$/.exec(key);
  return m ? { row: Number(m[1]) + 1, field: m[2] ?? '' } : { row: null, field: key };
}

/**
 * Imports a type with its items from a JSON document (what export wrote) into a category. The
 * server checks every row and writes all in one transaction, or nothing: its per-row messages are
 * listed here.
 */
export function ImportModal({
  categories,
  categoryId,
  onClose,
  onImported,
}: {
  categories: DictCategory[];
  categoryId?: string;
  onClose(): void;
  onImported(typeId: string): void;
}) {
  const { t } = useTranslation('dictionary');
  const [target, setTarget] = useState(categoryId ?? categories[0]?.id);
  const [doc, setDoc] = useState<{ name: string; data: DictExport } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<{ key: string; row: number | null; field: string; message: string }[]>([]);

  const read = async (file: File | undefined) => {
    setProblem(null);
    setRows([]);
    setDoc(null);
    if (!file) return;
    try {
      const data = JSON.parse(await file.text()) as DictExport;
      if (!data || typeof data !== 'object' || !data.type || !Array.isArray(data.items))
        throw new Error('shape');
      setDoc({ name: file.name, data });
    } catch {
      setProblem(t('import.notADocument'));
    }
  };

  const save = useMutation({
    mutationFn: () => {
      if (!doc || !target) throw new Error('nothing to import');
      return dictAdminApi.importType({ ...doc.data, categoryId: target });
    },
    onSuccess: (result) => {
      toast.success(t('import.done', { created: result.created, updated: result.updated }));
      onImported(result.typeId);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setProblem(error.msg);
        setRows(
          Object.entries(error.fields ?? {}).map(([key, message]) => ({ key, message, ...rowOf(key) })),
        );
      } else setProblem(String(error));
    },
  });

  return (
    <Modal
      open
      title={t('import.title')}
      onCancel={onClose}
      destroyOnHidden
      width={620}
      footer={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            disabled={!doc || !target}
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="dict-import-submit"
          >
            {t('import.submit')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('field.category')} required>
          <Select
            value={target}
            onChange={setTarget}
            options={categories.map((c) => ({ value: c.id, label: c.fullName }))}
            data-testid="dict-import-category"
          />
        </Form.Item>
        <Form.Item label={t('import.file')} extra={t('import.hint')}>
          <input
            type="file"
            accept=".json,application/json"
            aria-label={t('import.file')}
            onChange={(e) => void read(e.target.files?.[0])}
            data-testid="dict-import-file"
          />
        </Form.Item>
      </Form>
      {doc && (
        <Typography.Paragraph data-testid="dict-import-summary">
          {t('import.summary', {
            code: doc.data.type.enCode,
            name: doc.data.type.fullName,
            count: doc.data.items.length,
          })}
        </Typography.Paragraph>
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          data-testid="dict-import-error"
          description={
            rows.length > 0 && (
              <List
                size="small"
                dataSource={rows.slice(0, 200)}
                renderItem={(r) => (
                  <List.Item>
                    {r.row === null ? r.field : t('import.row', { row: r.row, field: r.field })}: {r.message}
                  </List.Item>
                )}
              />
            )
          }
        />
      )}
    </Modal>
  );
}

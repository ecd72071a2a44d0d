import { type DictCategory, type DictExport, type DictType, dictName } from '@srm/contracts/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, List, Modal, Select, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { dictAdminApi } from './api';

/** `items.3.parentCode` → row 4, field parentCode; other keys as they are. */
function rowOf(key: string): { row: number | null; field: string } {
  const m = /^items\.(\d+)\.?(.*)$/.exec(key);
  return m ? { row: Number(m[1]) + 1, field: m[2] ?? '' } : { row: null, field: key };
}

/**
 * Imports a type with its items from a JSON document (what export wrote). A new type goes into the
 * category chosen here; a type of the same code is updated where it is (the server never moves it),
 * which the dialog says, naming that category once the file is read. The server checks every row
 * and writes all in one transaction, or nothing: its per-row messages are listed here.
 */
export function ImportModal({
  categories,
  types,
  categoryId,
  onClose,
  onImported,
}: {
  categories: DictCategory[];
  /** The tenant's types: a document of an existing code updates that type in its own category. */
  types: DictType[];
  categoryId?: string;
  onClose(): void;
  onImported(typeId: string): void;
}) {
  const { t } = useTranslation('dictionary');
  const language = useAppStore((s) => s.language);
  const [target, setTarget] = useState(categoryId ?? categories[0]?.id);
  const [doc, setDoc] = useState<{ name: string; data: DictExport } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<{ key: string; row: number | null; field: string; message: string }[]>([]);
  const fileId = useId();
  const existing = doc ? types.find((ty) => ty.enCode === doc.data.type.enCode) : undefined;
  const existingCategory = existing && categories.find((c) => c.id === existing.categoryId);

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
        <Form.Item label={t('import.category')} extra={t('import.categoryHint')} required={!existing}>
          <Select
            value={target}
            onChange={setTarget}
            options={categories.map((c) => ({ value: c.id, label: dictName(c, language) }))}
            aria-label={t('import.category')}
            data-testid="dict-import-category"
          />
        </Form.Item>
        <Form.Item label={t('import.file')} htmlFor={fileId} extra={t('import.hint')}>
          <input
            id={fileId}
            type="file"
            accept=".json,application/json"
            onChange={(e) => void read(e.target.files?.[0])}
            data-testid="dict-import-file"
          />
        </Form.Item>
      </Form>
      {doc && (
        <Typography.Paragraph data-testid="dict-import-summary">
          {t('import.summary', {
            code: doc.data.type.enCode,
            name: dictName(doc.data.type, language),
            count: doc.data.items.length,
          })}
        </Typography.Paragraph>
      )}
      {existing && (
        <Alert
          type="info"
          showIcon
          title={t('import.existing', {
            category: existingCategory ? dictName(existingCategory, language) : existing.categoryId,
          })}
          data-testid="dict-import-existing"
          style={{ marginBottom: 12 }}
        />
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

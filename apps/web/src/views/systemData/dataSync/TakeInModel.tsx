import { ImportOutlined } from '@ant-design/icons';
import {
  type DataModel,
  DataModelPerm,
  type DataSource,
  type DataSourceTable,
  type DataSyncModelProposal,
  DataSyncPerm,
  DEFAULT_TASK_TIME_ZONE,
} from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Select, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { toast } from '../../../utils/message';
import { dataModelKeys } from '../dataModel/api';
import { ModelEditor } from '../dataModel/ModelEditor';
import { toFormValues } from '../dataModel/model-form';
import { refusalMessages } from '../dataSource/api';
import { dataSyncApi, dataSyncKeys } from './api';
import './dataSync.css';

/**
 * The take-in of a source's table as a data model, from the data source screen's table browser:
 * the server proposes the model (fields from the columns, what it cannot take said plainly), the
 * model editor opens with it, and saving it may also create a data sync of the table into it.
 */
export function TakeInButton({ source, table }: { source: DataSource; table: DataSourceTable }) {
  const { t } = useTranslation('dataSync');
  const { has } = useAuth();
  const [proposal, setProposal] = useState<DataSyncModelProposal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const propose = useMutation({
    mutationFn: () => dataSyncApi.propose({ sourceId: source.id, schema: table.schema, table: table.name }),
    onSuccess: (data) => {
      setError(null);
      setProposal(data);
    },
    onError: (e) => setError(refusalMessages(e).join(' ')),
  });
  if (!has(DataModelPerm.dataModelAdd)) return null;
  return (
    <>
      <Button
        size="small"
        icon={<ImportOutlined aria-hidden />}
        loading={propose.isPending}
        onClick={() => propose.mutate()}
        className="dsync-take-in-button"
        data-testid="dsync-take-in"
      >
        {t('takeIn.action')}
      </Button>
      {error && (
        <Alert
          type="error"
          showIcon
          title={t('takeIn.failed')}
          description={error}
          data-testid="dsync-take-in-error"
        />
      )}
      {proposal && (
        <TakeInEditor source={source} table={table} proposal={proposal} onClose={() => setProposal(null)} />
      )}
    </>
  );
}

function TakeInEditor({
  source,
  table,
  proposal,
  onClose,
}: {
  source: DataSource;
  table: DataSourceTable;
  proposal: DataSyncModelProposal;
  onClose: () => void;
}) {
  const { t } = useTranslation('dataSync');
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const canSync = has(DataSyncPerm.dataSyncAdd);
  const [createSync, setCreateSync] = useState(canSync);
  const [watermark, setWatermark] = useState<string>(proposal.watermark?.column ?? '');
  const checkboxId = useId();
  const watermarkId = useId();
  const columnKind = new Map(
    proposal.mapping.map((m) => [m.column, proposal.definition.fields.find((f) => f.code === m.field)?.kind]),
  );

  const afterSave = async (model: DataModel) => {
    void queryClient.invalidateQueries({ queryKey: dataModelKeys.all });
    if (!createSync) return;
    // The fields as saved: a field renamed or removed in the editor leaves its column out.
    const codes = new Set(model.definition.fields.map((f) => f.code));
    const mapping = proposal.mapping.filter((m) => codes.has(m.field));
    const keyColumns = proposal.primaryKey.filter((c) => mapping.some((m) => m.column === c));
    const kind = columnKind.get(watermark);
    try {
      const sync = await dataSyncApi.create({
        code: model.code,
        names: model.names,
        sourceKind: 'table',
        sourceId: source.id,
        sourceSchema: table.schema,
        sourceTable: table.name,
        modelId: model.id,
        mapping,
        keyColumns: keyColumns.length ? keyColumns : mapping.slice(0, 1).map((m) => m.column),
        mode: watermark ? 'incremental' : 'full',
        watermarkColumn: watermark || null,
        watermarkType: watermark ? (kind === 'integer' || kind === 'decimal' ? 'number' : 'timestamp') : null,
        timeZone: DEFAULT_TASK_TIME_ZONE,
      });
      void queryClient.invalidateQueries({ queryKey: dataSyncKeys.all });
      toast.success(t('takeIn.syncCreated', { code: sync.code }));
    } catch (e) {
      toast.error(
        t('takeIn.syncFailed', { message: e instanceof ApiError ? refusalMessages(e).join(' ') : String(e) }),
        6,
      );
    }
  };

  const extra = (
    <div className="dsync-take-in" data-testid="dsync-take-in-panel">
      <Typography.Paragraph>
        {t('takeIn.source', { table: `${source.name} · ${table.schema}.${table.name}` })}
        {' · '}
        {proposal.primaryKey.length
          ? t('takeIn.primaryKey', { columns: proposal.primaryKey.join(', ') })
          : t('takeIn.noPrimaryKey')}
      </Typography.Paragraph>
      {proposal.skipped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('takeIn.skipped')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {proposal.skipped.map((s) => (
                <li key={s.column}>{t('takeIn.skippedItem', s)}</li>
              ))}
            </ul>
          }
          data-testid="dsync-take-in-skipped"
        />
      )}
      {canSync && (
        <Space wrap style={{ marginTop: 12 }}>
          <Checkbox
            id={checkboxId}
            checked={createSync}
            onChange={(e) => setCreateSync(e.target.checked)}
            data-testid="dsync-take-in-sync"
          >
            {t('takeIn.createSync')}
          </Checkbox>
          {createSync && (
            <Space>
              <label htmlFor={watermarkId}>{t('takeIn.watermark')}</label>
              <Select
                id={watermarkId}
                style={{ minWidth: 200 }}
                value={watermark}
                onChange={setWatermark}
                options={[
                  { value: '', label: t('takeIn.noWatermark') },
                  ...proposal.mapping
                    .filter((m) =>
                      ['integer', 'decimal', 'datetime', 'date'].includes(columnKind.get(m.column) ?? ''),
                    )
                    .map((m) => ({ value: m.column, label: m.column })),
                ]}
                data-testid="dsync-take-in-watermark"
              />
            </Space>
          )}
        </Space>
      )}
    </div>
  );

  return (
    <ModelEditor
      id={null}
      preset={toFormValues(proposal.definition)}
      extra={extra}
      onClose={onClose}
      onSaved={(model) => void afterSave(model)}
    />
  );
}

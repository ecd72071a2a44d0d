import { type FieldRight, type FlowTaskDetail, type FormSchema, formatDate } from '@srm/contracts/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Form, Result, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { toast } from '../../../utils/message';
import { LaunchDrawer } from '../flowLaunch/LaunchDrawer';
import { FlowForm } from '../form/FlowForm';
import { editableValues } from '../form/formValues';
import { FLOW_TASK_QUERY_KEY, flowTaskApi, flowTaskKeys } from '../task/api';
import { StatusTag, UrgencyTag } from '../task/status';
import { ActionModal, type TaskAction } from './ActionModal';
import { FlowChart } from './FlowChart';
import { History } from './History';
import './flowBefore.css';

/** A reader acts nowhere: of the node's rights only what it hides stays. */
const hiddenOnly = (rights: Record<string, string>) =>
  Object.fromEntries(Object.entries(rights).filter(([, r]) => r === 'hidden'));

function ActionButtons({
  detail,
  onAction,
  onEdit,
}: {
  detail: FlowTaskDetail;
  onAction: (a: TaskAction) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation('flowTask');
  const buttons: [TaskAction, boolean, 'primary' | 'default', boolean][] = [
    ['audit', !!detail.myItem, 'primary', false],
    ['reject', !!detail.myItem, 'default', true],
    ['transfer', !!detail.myItem, 'default', false],
    ['recall', !!detail.recallable, 'default', false],
    ['breakOff', detail.canBreakOff, 'default', true],
  ];
  return (
    <Space wrap className="flow-detail-actions" data-testid="flow-actions">
      {buttons
        .filter(([, shown]) => shown)
        .map(([action, , type, danger]) => (
          <Button
            key={action}
            type={type}
            danger={danger}
            onClick={() => onAction(action)}
            data-testid={`flow-do-${action}`}
          >
            {t(`action.${action}`)}
          </Button>
        ))}
      {detail.canEdit && (
        <Button type="primary" onClick={onEdit} data-testid="flow-do-edit">
          {t('action.resubmit')}
        </Button>
      )}
    </Space>
  );
}

/**
 * A task's page (`FlowBefore/{id}`, also what a message opens through /pageLink): its form under my
 * node's field rights, the route with who acted, the history, and what I may do — approve, reject,
 * transfer, take back my approval, withdraw my task, or edit and resubmit it. It follows pushes: a
 * to-do someone else took meanwhile is said so, and a second action on a handled item (409) too.
 */
export function TaskDetail({ id }: { id: string }) {
  const { t } = useTranslation('flowTask');
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [action, setAction] = useState<TaskAction | null>(null);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: flowTaskKeys.detail(id),
    queryFn: () => flowTaskApi.detail(id),
    retry: false,
  });
  const data = detail.data;
  const acted = useRef(false);
  const hadItem = useRef<string | null>(null);
  // After an action the buttons change (the one pressed is often gone): the keyboard goes to the
  // task's title, from where the new state reads on.
  const title = useRef<HTMLHeadingElement>(null);

  // My to-do vanished without my acting: someone else (another approver, an administrator) took it.
  useEffect(() => {
    const now = data?.myItem?.operatorId ?? null;
    if (hadItem.current && !now && !acted.current) setNotice(t('detail.takenMeanwhile'));
    hadItem.current = now;
  }, [data?.myItem?.operatorId, t]);

  if (detail.isLoading) return <Skeleton active />;
  if (detail.error || !data) {
    const code = detail.error instanceof ApiError ? detail.error.code : 0;
    return (
      <Result
        status={code === 403 ? '403' : '404'}
        title={detail.error instanceof ApiError ? detail.error.msg : t('detail.notFound')}
        data-testid="flow-detail-error"
      />
    );
  }
  const schema = data.form as FormSchema | null;
  const rights = data.myItem ? data.fieldRights : hiddenOnly(data.fieldRights);
  const done = (what: TaskAction) => {
    acted.current = true;
    setAction(null);
    setNotice(null);
    toast.success(t(`action.${what}Done`));
    void queryClient
      .invalidateQueries({ queryKey: FLOW_TASK_QUERY_KEY })
      .finally(() => title.current?.focus());
  };

  return (
    <div className="flow-detail" data-testid="flow-detail">
      <Card variant="borderless">
        <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title
            ref={title}
            tabIndex={-1}
            level={2}
            className="flow-detail-title"
            data-testid="flow-detail-title"
          >
            {data.task.title}
          </Typography.Title>
          <ActionButtons detail={data} onAction={setAction} onEdit={() => setEditing(true)} />
        </Space>
        {notice && (
          <Alert
            type="warning"
            showIcon
            closable
            title={notice}
            style={{ margin: '12px 0' }}
            data-testid="flow-detail-notice"
            onClose={() => setNotice(null)}
          />
        )}
        <Descriptions
          size="small"
          // Apart from the buttons above, which wrap onto a second line on a phone.
          style={{ marginTop: 12 }}
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'billNo', label: t('col.billNo'), children: data.task.billNo },
            { key: 'flow', label: t('col.flow'), children: data.task.flowName },
            { key: 'launcher', label: t('col.launcher'), children: data.task.launcherName },
            {
              key: 'launchedAt',
              label: t('col.launchedAt'),
              children: formatDate(data.task.createdAt),
            },
            { key: 'urgency', label: t('col.urgency'), children: <UrgencyTag urgency={data.task.urgency} /> },
            { key: 'status', label: t('col.status'), children: <StatusTag status={data.task.status} /> },
            ...(data.task.nodeName
              ? [{ key: 'node', label: t('col.node'), children: data.task.nodeName }]
              : []),
            ...(data.myItem
              ? [{ key: 'mine', label: t('detail.myNode'), children: data.myItem.nodeName }]
              : []),
          ]}
        />
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <Card variant="borderless" title={<h3 className="flow-detail-h">{t('detail.form')}</h3>}>
            {schema ? (
              <FlowForm
                key={`${data.task.id}:${data.task.status}:${data.myItem?.operatorId ?? ''}`}
                schema={schema}
                form={form}
                rights={rights}
                defaultRight={'readonly' satisfies FieldRight}
                initialValues={data.formData}
                labels={data.formLabels}
                testId="flow-detail-form"
              />
            ) : (
              <Alert type="info" title={t('detail.noForm')} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card variant="borderless" title={<h3 className="flow-detail-h">{t('detail.chart')}</h3>}>
            <FlowChart nodes={data.nodes} />
          </Card>
          <Card
            variant="borderless"
            title={<h3 className="flow-detail-h">{t('detail.history')}</h3>}
            style={{ marginTop: 16 }}
          >
            <History history={data.history} />
          </Card>
        </Col>
      </Row>
      {action && (
        <ActionModal
          action={action}
          detail={data}
          formData={
            action === 'audit' && schema
              ? async () =>
                  editableValues(schema.fields, await form.validateFields(), data.fieldRights, 'readonly')
              : undefined
          }
          onDone={done}
          onConflict={(msg) => {
            setNotice(t('detail.conflict', { msg }));
            void queryClient.invalidateQueries({ queryKey: FLOW_TASK_QUERY_KEY });
          }}
          onClose={() => setAction(null)}
        />
      )}
      {editing && (
        <LaunchDrawer
          target={{ kind: 'edit', taskId: data.task.id, formName: data.task.formName }}
          onClose={() => setEditing(false)}
        />
      )}
    </div>
  );
}

import { FLOW_LIST_TYPE, FLOW_STATUS, type FlowTaskItem } from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Space, Tabs } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/request';
import { RowAction } from '../../../components/listActions';
import { toast } from '../../../utils/message';
import { FLOW_TASK_QUERY_KEY, flowTaskApi } from '../task/api';
import { taskPath } from '../task/paths';
import { TaskList } from '../task/TaskList';
import { FlowCatalogue } from './FlowCatalogue';
import { LaunchDrawer, type LaunchTarget } from './LaunchDrawer';
import './flowLaunch.css';

const EDITABLE: readonly number[] = [FLOW_STATUS.draft, FLOW_STATUS.rejected, FLOW_STATUS.withdrawn];

/**
 * Workflow → launch (`workFlow.flowLaunch`): the flows I may launch by category, their forms in a
 * drawer (draft, submit with urgency), and what I launched, by status: withdraw a task in progress,
 * edit and resubmit one that came back.
 */
export default function FlowLaunchPage() {
  const { t } = useTranslation('flowTask');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState('launch');
  const [target, setTarget] = useState<LaunchTarget | null>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  const withdraw = useMutation({
    mutationFn: (id: string) => flowTaskApi.act('breakOff', id, { handleOpinion: '' }),
    // The dialog closes once the list shows the task withdrawn (see afterClose).
    onSuccess: () => {
      toast.success(t('launch.withdrawn'));
      return queryClient.invalidateQueries({ queryKey: FLOW_TASK_QUERY_KEY });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  const confirmWithdraw = (item: FlowTaskItem) => {
    let withdrawn = false;
    modal.confirm({
      title: t('launch.withdrawTitle'),
      content: t('launch.withdrawConfirm', { title: item.title }),
      okText: t('launch.withdraw'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await withdraw.mutateAsync(item.id);
          withdrawn = true;
        } catch {
          // Refused: the mutation said why; the dialog closes.
        }
      },
      // The Withdraw link that opened the dialog is gone from the withdrawn row: its View link takes focus.
      afterClose: () => {
        if (!withdrawn) return;
        document
          .querySelector<HTMLElement>(
            `[data-row-key="${item.operatorId ?? item.id}"] [data-testid="flow-row-view"]`,
          )
          ?.focus();
      },
    });
  };
  // After a launch the list of my tasks shows; its tab takes focus (the flow's card is hidden now).
  const showMine = () => {
    setTab('mine');
    requestAnimationFrame(() =>
      tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
    );
  };

  const rowActions = (item: FlowTaskItem) => (
    <Space size={0}>
      <RowAction onClick={() => navigate(taskPath(item.id))} testId="flow-row-view">
        {t('action.view')}
      </RowAction>
      {EDITABLE.includes(item.status) && (
        <RowAction
          onClick={() => setTarget({ kind: 'edit', taskId: item.id, formName: item.formName })}
          testId="flow-row-edit"
        >
          {item.status === FLOW_STATUS.draft ? t('action.edit') : t('action.resubmit')}
        </RowAction>
      )}
      {item.status === FLOW_STATUS.inProgress && (
        <RowAction onClick={() => confirmWithdraw(item)} testId="flow-row-withdraw">
          {t('launch.withdraw')}
        </RowAction>
      )}
    </Space>
  );

  return (
    <>
      <div ref={tabsRef}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          data-testid="flow-launch-tabs"
          items={[
            {
              key: 'launch',
              label: t('launch.tab'),
              children: (
                <FlowCatalogue
                  onLaunch={(flow) =>
                    setTarget({
                      kind: 'new',
                      flowId: flow.id,
                      flowName: flow.fullName,
                      formName: flow.formName,
                    })
                  }
                />
              ),
            },
            {
              key: 'mine',
              label: t('launch.mine'),
              children: (
                <TaskList type={FLOW_LIST_TYPE.launched} prefix="flow-mine" rowActions={rowActions} />
              ),
            },
          ]}
        />
      </div>
      {target && <LaunchDrawer target={target} onClose={() => setTarget(null)} onSaved={showMine} />}
    </>
  );
}

import {
  FLOW_STATUS,
  type FlowUrgency,
  type FormSchema,
  formTitle as schemaTitle,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Radio, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './flowLaunch.css';
import { ApiError } from '../../../api/request';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useDrawerFocus } from '../../../components/useDrawerFocus';
import { UserSelect } from '../../../components/user';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { formTitle } from '../flowEngine/forms';
import { FlowForm } from '../form/FlowForm';
import { editableValues, namePath } from '../form/formValues';
import { FLOW_TASK_QUERY_KEY, flowTaskApi, flowTaskKeys } from '../task/api';
import { useUrgencyOptions } from '../task/status';

/** What the drawer opens: a new task of a flow, or one of my tasks to edit (draft, rejected, withdrawn). */
export type LaunchTarget =
  | { kind: 'new'; flowId: string; flowName: string; formName: string }
  | { kind: 'edit'; taskId: string; formName: string };

/** The server names a refused approver choice `choices.{nodeId}`. */
const CHOICE_FIELD = 'choices.';

/**
 * A flow's form in a drawer: fill it in, save it as a draft or submit it with an urgency; a task of
 * mine is edited the same way and resubmitted after a reject or a withdrawal. A refused form shows
 * the server's messages on the fields (`lines.0.quantity` on its cell).
 */
export function LaunchDrawer({
  target,
  onClose,
  onSaved,
}: {
  target: LaunchTarget;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('flowTask');
  const language = useAppStore((s) => s.language);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  // The approvers the launcher names, per step (a form of their own: each is required on submit).
  const [chooseForm] = Form.useForm<Record<string, string[]>>();
  // A form being filled in is not lost to a stray Escape or a click beside the drawer.
  const close = useDiscardGuard(() => form.isFieldsTouched() || chooseForm.isFieldsTouched(), onClose);
  const [urgency, setUrgency] = useState<FlowUrgency | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const urgencies = useUrgencyOptions();
  const taskId = target.kind === 'edit' ? target.taskId : null;

  const own = useQuery({
    queryKey: flowTaskKeys.edit(taskId ?? ''),
    queryFn: () => flowTaskApi.edit(taskId ?? ''),
    enabled: taskId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The flow's launch form: its start-node rights (a new task's; an edited one has its task's) and
  // the steps whose approvers the launcher names.
  const flowId = target.kind === 'new' ? target.flowId : own.data?.flowId;
  const blank = useQuery({
    queryKey: flowTaskKeys.form(target.formName, '0', flowId),
    queryFn: () => flowTaskApi.form(target.formName, '0', flowId),
    enabled: flowId !== undefined,
  });
  const chooseNodes = blank.data?.chooseNodes ?? [];
  const rights = useQuery({
    queryKey: flowTaskKeys.detail(taskId ?? ''),
    queryFn: () => flowTaskApi.detail(taskId ?? ''),
    enabled: taskId !== null,
  });
  const schema = blank.data?.form as FormSchema | undefined;
  const ready = schema && (taskId === null || (own.data && rights.data));
  const values = taskId === null ? blank.data?.data : own.data?.formData;
  const fieldRights = (taskId === null ? blank.data?.fieldRights : rights.data?.fieldRights) ?? {};
  const chosenUrgency = urgency ?? (own.data?.urgency as FlowUrgency | undefined) ?? 1;

  const save = useMutation({
    mutationFn: async (submit: boolean) => {
      setProblem(null);
      // A new task or a draft names its approvers when it is submitted; a task sent back keeps the
      // ones named before unless changed here.
      const mustChoose = submit && (taskId === null || own.data?.status === FLOW_STATUS.draft);
      const [all] = await Promise.all([
        submit ? form.validateFields() : form.getFieldsValue(true),
        mustChoose ? chooseForm.validateFields() : null,
      ]);
      const choices = chooseForm.getFieldsValue(true) as Record<string, string[] | undefined>;
      const body = {
        formData: editableValues(schema?.fields ?? [], all, fieldRights, 'editable'),
        urgency: chosenUrgency,
        submit,
        // Only what was named here (an edited task keeps the approvers named before otherwise).
        ...(Object.values(choices).some((ids) => ids?.length) ? { choices } : {}),
      };
      return taskId === null
        ? flowTaskApi.create((target as { flowId: string }).flowId, body)
        : flowTaskApi.update(taskId, body);
    },
    onSuccess: (saved) => {
      toast.success(
        saved.status === FLOW_STATUS.draft
          ? t('launch.draftSaved')
          : t('launch.submitted', { billNo: saved.billNo }),
      );
      void queryClient.invalidateQueries({ queryKey: FLOW_TASK_QUERY_KEY });
      onSaved?.();
      onClose();
    },
    onError: (error) => {
      // A field the form's own rules refuse: focus moves to the first one, as a submit's would.
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) {
        const inForm = schema?.fields.some((f) => f.name === String(first.name[0])) ?? false;
        (inForm ? form : chooseForm).scrollToField(first.name, { focus: true, block: 'center' });
      }
      if (error instanceof ApiError) {
        const refused = error.data as { reason?: string; nodeId?: string } | undefined;
        if (refused?.reason === 'choicesMissing' && refused.nodeId)
          chooseForm.setFields([{ name: refused.nodeId, errors: [error.msg] }]);
        // `choices.{nodeId}`: an approver chosen for that node is refused; the rest are the form's.
        const fields = Object.entries(error.fields ?? {});
        const choice = (name: string) => name.startsWith(CHOICE_FIELD);
        chooseForm.setFields(
          fields
            .filter(([name]) => choice(name))
            .map(([name, msg]) => ({ name: name.slice(CHOICE_FIELD.length), errors: [msg] })),
        );
        form.setFields(
          fields
            .filter(([name]) => !choice(name))
            .map(([name, msg]) => ({ name: namePath(name), errors: [msg] })),
        );
        setProblem(error.msg);
      }
    },
  });

  // The keyboard follows the drawer (Enter on a catalogue card opens it).
  const { body, afterOpenChange } = useDrawerFocus(Boolean(ready));

  const title =
    target.kind === 'new'
      ? t('launch.drawerTitle', { name: target.flowName })
      : t('launch.editTitle', {
          billNo: own.data?.billNo ?? '',
          form: schema ? schemaTitle(schema, language) : formTitle(target.formName, language),
        });
  return (
    <Drawer
      open
      title={title}
      onClose={close}
      // A form with item lines gets the room its line table needs (item, quantity, price, amount
      // and the remove button side by side while the user types), up to the window's width.
      size={mobile ? '100%' : schema?.fields.some((f) => f.type === 'table') ? 'min(1280px, 100vw)' : 960}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      data-testid="flow-launch-drawer"
      footer={
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <span id="flow-urgency-label">{t('launch.urgency')}</span>
            <Radio.Group
              aria-labelledby="flow-urgency-label"
              optionType="button"
              options={urgencies}
              value={chosenUrgency}
              onChange={(e) => setUrgency(e.target.value as FlowUrgency)}
              data-testid="flow-launch-urgency"
            />
          </Space>
          <Space wrap>
            <Button onClick={close}>{t('common:cancel')}</Button>
            {(taskId === null || own.data?.status === FLOW_STATUS.draft) && (
              <Button
                loading={save.isPending}
                disabled={!ready}
                onClick={() => save.mutate(false)}
                data-testid="flow-launch-draft"
              >
                {t('launch.saveDraft')}
              </Button>
            )}
            <Button
              type="primary"
              loading={save.isPending}
              disabled={!ready}
              onClick={() => save.mutate(true)}
              data-testid="flow-launch-submit"
            >
              {taskId === null || own.data?.status === FLOW_STATUS.draft
                ? t('launch.submit')
                : t('launch.resubmit')}
            </Button>
          </Space>
        </Space>
      }
    >
      <div ref={body} tabIndex={-1} className="flow-launch-body">
        {problem && (
          <Alert
            type="error"
            showIcon
            title={problem}
            style={{ marginBottom: 16 }}
            data-testid="flow-launch-error"
          />
        )}
        {ready && chooseNodes.length > 0 && (
          <section className="flow-launch-choose" aria-labelledby="flow-launch-choose-title">
            <h3 id="flow-launch-choose-title">{t('launch.approvers')}</h3>
            <Form
              form={chooseForm}
              name="flow-launch-choose"
              layout={mobile ? 'vertical' : 'horizontal'}
              labelCol={mobile ? undefined : { flex: '160px' }}
              labelWrap
            >
              {chooseNodes.map((node) => (
                <Form.Item
                  key={node.nodeId}
                  name={node.nodeId}
                  label={node.name}
                  className="flow-launch-choose-row"
                  rules={[
                    {
                      required: true,
                      type: 'array',
                      min: 1,
                      message: t('launch.chooseRequired', { name: node.name }),
                    },
                  ]}
                >
                  <UserSelect
                    multiple
                    staffOnly
                    placeholder={t('launch.approversHint')}
                    data-testid={`flow-launch-choose-${node.nodeId}`}
                  />
                </Form.Item>
              ))}
            </Form>
          </section>
        )}
        {ready ? (
          <FlowForm
            schema={schema}
            form={form}
            rights={fieldRights}
            defaultRight="editable"
            initialValues={values}
            labels={{ ...blank.data?.labels, ...rights.data?.formLabels }}
            fixed={blank.data?.fixedFields}
            testId="flow-launch-form"
          />
        ) : (
          <Skeleton active />
        )}
      </div>
    </Drawer>
  );
}

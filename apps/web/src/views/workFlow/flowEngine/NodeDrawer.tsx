import {
  ASSIGNEE_KINDS,
  type AssigneeKind,
  type AssigneeRule,
  type ConditionBranch,
  FIELD_RIGHTS,
  type FieldRight,
  type FlowNode,
  type FormSchema,
  type Locale,
  NO_APPROVER_RULES,
  type NodeNames,
  type NodeTimeout,
  nodeNameIn,
  type RejectTarget,
  SIGN_MODES,
  TIMER_UNITS,
} from '@srm/contracts/core';
import { Alert, Checkbox, Drawer, Flex, Form, Input, InputNumber, Radio, Select, Table, Tabs } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../../components/user';
import { ConditionEditor } from './ConditionEditor';
import { fieldLabel } from './forms';
import { useOrgOptions } from './options';
import { findBranch, findNode, upstreamApprovers } from './treeOps';

export interface NodeDrawerProps {
  tree: FlowNode;
  /** The node or branch shown; null closes the drawer. */
  selectedId: string | null;
  form: FormSchema | undefined;
  locale: Locale;
  mobile: boolean;
  errors: string[] | undefined;
  onNodeChange(id: string, patch: Partial<FlowNode>): void;
  onBranchChange(id: string, patch: Partial<ConditionBranch>): void;
  onClose(): void;
  /** After the drawer closed (focus goes back to the node). */
  afterClose(): void;
}

/** The name, committed when the field is left (one undo step per rename, not per key). */
/** A text the flow takes when the field is left (or Enter): the node's name, or one in another language. */
function NameInput({
  value,
  onCommit,
  label,
  required = true,
  testId = 'flow-node-name',
  extra,
}: {
  value: string;
  onCommit(v: string): void;
  label: string;
  /** The main name cannot be emptied; another language's may (the main one stands in). */
  required?: boolean;
  testId?: string;
  extra?: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const next = draft.trim();
    if ((next || !required) && next !== value) onCommit(next);
  };
  return (
    <Form.Item label={label} required={required} extra={extra}>
      <Input
        value={draft}
        maxLength={50}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
    </Form.Item>
  );
}

const OTHER_NAME_FIELDS = [
  { locale: 'en-US', label: 'drawer.nameEn', testId: 'flow-node-name-en' },
  { locale: 'zh-TW', label: 'drawer.nameTw', testId: 'flow-node-name-tw' },
] as const;

/** A node's or branch's name with its English and traditional-Chinese names. */
function NameInputs({
  item,
  onChange,
}: {
  item: { name: string; names?: NodeNames | undefined };
  onChange(patch: { name?: string; names?: NodeNames }): void;
}) {
  const { t } = useTranslation('workflow');
  const other = (locale: keyof NodeNames) => (value: string) => {
    const names: NodeNames = { ...item.names };
    if (value) names[locale] = value;
    else delete names[locale];
    onChange({ names });
  };
  return (
    <>
      <NameInput value={item.name} label={t('drawer.name')} onCommit={(name) => onChange({ name })} />
      {OTHER_NAME_FIELDS.map(({ locale, label, testId }) => (
        <NameInput
          key={locale}
          value={item.names?.[locale] ?? ''}
          label={t(label)}
          required={false}
          testId={testId}
          // One hint under the last: either may stay empty.
          extra={locale === 'zh-TW' ? t('drawer.otherNameHint') : undefined}
          onCommit={other(locale)}
        />
      ))}
    </>
  );
}

function emptyRule(
  kind: AssigneeKind,
  formUserField: string | undefined,
  upstreamId: string | undefined,
): AssigneeRule {
  switch (kind) {
    case 'users':
      return { kind, userIds: [] };
    case 'roles':
      return { kind, roleIds: [] };
    case 'positions':
      return { kind, positionIds: [] };
    case 'manager':
      return { kind, levels: 1 };
    case 'formField':
      return { kind, field: formUserField ?? '' };
    case 'nodeHandler':
      return { kind, nodeId: upstreamId ?? '' };
    default:
      return { kind } as AssigneeRule;
  }
}

function AssigneeEditor({
  value,
  onChange,
  tree,
  nodeId,
  form,
  locale,
  copy,
}: {
  value: AssigneeRule;
  onChange(rule: AssigneeRule): void;
  tree: FlowNode;
  nodeId: string;
  form: FormSchema | undefined;
  locale: Locale;
  copy: boolean;
}) {
  const { t } = useTranslation('workflow');
  const { roles, positions } = useOrgOptions();
  const userFields = (form?.fields ?? []).filter((f) => f.type === 'user');
  const upstream = upstreamApprovers(tree, nodeId);
  const kinds = ASSIGNEE_KINDS.filter((k) => !(copy && k === 'launcherChooses'));
  return (
    <>
      <Form.Item label={copy ? t('drawer.recipientKind') : t('drawer.assigneeKind')}>
        <Radio.Group
          value={value.kind}
          data-testid="flow-assignee-kind"
          onChange={(e) => onChange(emptyRule(e.target.value, userFields[0]?.name, upstream.at(-1)?.id))}
          options={kinds.map((k) => ({ value: k, label: t(`assignee.kinds.${k}`) }))}
        />
      </Form.Item>
      {value.kind === 'users' && (
        <Form.Item label={t('assignee.kinds.users')} htmlFor={`${nodeId}-users`}>
          <UserSelect
            id={`${nodeId}-users`}
            multiple
            value={value.userIds}
            onChange={(ids) => onChange({ kind: 'users', userIds: ids })}
            data-testid="flow-assignee-users"
          />
        </Form.Item>
      )}
      {value.kind === 'roles' && (
        <Form.Item label={t('assignee.kinds.roles')}>
          <Select
            mode="multiple"
            options={roles}
            optionFilterProp="label"
            value={value.roleIds}
            aria-label={t('assignee.kinds.roles')}
            data-testid="flow-assignee-roles"
            onChange={(ids: string[]) => onChange({ kind: 'roles', roleIds: ids })}
          />
        </Form.Item>
      )}
      {value.kind === 'positions' && (
        <Form.Item label={t('assignee.kinds.positions')}>
          <Select
            mode="multiple"
            options={positions}
            optionFilterProp="label"
            value={value.positionIds}
            aria-label={t('assignee.kinds.positions')}
            onChange={(ids: string[]) => onChange({ kind: 'positions', positionIds: ids })}
          />
        </Form.Item>
      )}
      {value.kind === 'manager' && (
        <Form.Item label={t('drawer.levels')}>
          <InputNumber
            min={1}
            max={20}
            aria-label={t('drawer.levels')}
            value={value.levels}
            onChange={(v) => onChange({ kind: 'manager', levels: v ?? 1 })}
          />
        </Form.Item>
      )}
      {value.kind === 'formField' && (
        <Form.Item label={t('drawer.userField')}>
          <Select
            value={value.field || undefined}
            aria-label={t('drawer.userField')}
            options={userFields.map((f) => ({ value: f.name, label: fieldLabel(f, locale) }))}
            notFoundContent={t('drawer.noUserField')}
            onChange={(field: string) => onChange({ kind: 'formField', field })}
          />
        </Form.Item>
      )}
      {value.kind === 'nodeHandler' && (
        <Form.Item label={t('drawer.earlierNode')}>
          <Select
            value={value.nodeId || undefined}
            aria-label={t('drawer.earlierNode')}
            options={upstream.map((n) => ({ value: n.id, label: nodeNameIn(n, locale) }))}
            notFoundContent={t('drawer.noEarlierNode')}
            onChange={(id: string) => onChange({ kind: 'nodeHandler', nodeId: id })}
          />
        </Form.Item>
      )}
    </>
  );
}

function FieldRights({
  value,
  onChange,
  form,
  locale,
}: {
  value: Record<string, FieldRight> | undefined;
  onChange(rights: Record<string, FieldRight>): void;
  form: FormSchema | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation('workflow');
  if (!form) return <Alert type="info" title={t('drawer.noForm')} />;
  return (
    <Table
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={form.fields}
      data-testid="flow-field-rights"
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('drawer.field'), key: 'field', render: (_, f) => fieldLabel(f, locale) },
        {
          title: t('drawer.right'),
          key: 'right',
          render: (_, f) => (
            <Radio.Group
              size="small"
              aria-label={fieldLabel(f, locale)}
              value={value?.[f.name] ?? 'readonly'}
              onChange={(e) => onChange({ ...(value ?? {}), [f.name]: e.target.value })}
              options={FIELD_RIGHTS.map((r) => ({ value: r, label: t(`fieldRight.${r}`) }))}
            />
          ),
        },
      ]}
    />
  );
}

function TimeoutEditor({
  value,
  onChange,
}: {
  value: NodeTimeout | null | undefined;
  onChange(v: NodeTimeout | null): void;
}) {
  const { t } = useTranslation('workflow');
  return (
    <>
      <Form.Item label={t('drawer.timeout')}>
        <Select
          aria-label={t('drawer.timeout')}
          value={value?.action ?? 'none'}
          style={{ width: 220 }}
          options={['none', 'remind', 'autoApprove', 'autoReject'].map((a) => ({
            value: a,
            label: t(`timeout.${a}`),
          }))}
          onChange={(a: string) =>
            onChange(
              a === 'none'
                ? null
                : a === 'remind'
                  ? { action: 'remind', everyHours: 24, times: 3 }
                  : { action: a as 'autoApprove' | 'autoReject', afterHours: 48 },
            )
          }
        />
      </Form.Item>
      {value?.action === 'remind' && (
        <Flex gap={12} wrap>
          <Form.Item label={t('timeout.everyHours')}>
            <InputNumber
              min={1}
              max={720}
              aria-label={t('timeout.everyHours')}
              value={value.everyHours}
              onChange={(v) => onChange({ ...value, everyHours: v ?? 1 })}
            />
          </Form.Item>
          <Form.Item label={t('timeout.times')}>
            <InputNumber
              min={1}
              max={100}
              aria-label={t('timeout.times')}
              value={value.times}
              onChange={(v) => onChange({ ...value, times: v ?? 1 })}
            />
          </Form.Item>
        </Flex>
      )}
      {(value?.action === 'autoApprove' || value?.action === 'autoReject') && (
        <Form.Item label={t('timeout.afterHours')}>
          <InputNumber
            min={1}
            max={8760}
            aria-label={t('timeout.afterHours')}
            value={value.afterHours}
            onChange={(v) => onChange({ ...value, afterHours: v ?? 1 })}
          />
        </Form.Item>
      )}
    </>
  );
}

function rejectValue(r: RejectTarget | undefined): string {
  if (!r || r.kind === 'launcher') return 'launcher';
  return r.kind === 'previous' ? 'previous' : `node:${r.nodeId}`;
}

/** The properties of one node or branch, each change applied to the tree at once (and undoable). */
export function NodeDrawer({
  tree,
  selectedId,
  form,
  locale,
  mobile,
  errors,
  onNodeChange,
  onBranchChange,
  onClose,
  afterClose,
}: NodeDrawerProps) {
  const { t } = useTranslation('workflow');
  const node = selectedId ? findNode(tree, selectedId) : null;
  const branchHit = selectedId && !node ? findBranch(tree, selectedId) : null;
  const open = !!(node || branchHit);
  let title = '';
  let body: ReactNode = null;

  if (node) {
    const patch = (p: Record<string, unknown>) => onNodeChange(node.id, p as Partial<FlowNode>);
    title = t(`nodeType.${node.type}`);
    const name = <NameInputs item={node} onChange={patch} />;
    if (node.type === 'approver') {
      const upstream = upstreamApprovers(tree, node.id);
      body = (
        <Tabs
          items={[
            {
              key: 'rule',
              label: t('drawer.tabApprover'),
              children: (
                <>
                  {name}
                  <AssigneeEditor
                    value={node.assignee}
                    onChange={(assignee) => patch({ assignee })}
                    tree={tree}
                    nodeId={node.id}
                    form={form}
                    locale={locale}
                    copy={false}
                  />
                  <Form.Item label={t('drawer.signMode')}>
                    <Radio.Group
                      value={node.signMode}
                      data-testid="flow-sign-mode"
                      onChange={(e) =>
                        patch({
                          signMode: e.target.value,
                          ratio: e.target.value === 'ratio' ? (node.ratio ?? 50) : undefined,
                        })
                      }
                      options={SIGN_MODES.map((m) => ({ value: m, label: t(`signMode.${m}`) }))}
                    />
                  </Form.Item>
                  {node.signMode === 'ratio' && (
                    <Form.Item label={t('drawer.ratio')}>
                      <InputNumber
                        min={1}
                        max={100}
                        suffix="%"
                        aria-label={t('drawer.ratio')}
                        value={node.ratio}
                        onChange={(v) => patch({ ratio: v ?? undefined })}
                      />
                    </Form.Item>
                  )}
                  <Form.Item label={t('drawer.rejectTo')}>
                    <Select
                      aria-label={t('drawer.rejectTo')}
                      value={rejectValue(node.rejectTo)}
                      options={[
                        { value: 'launcher', label: t('reject.launcher') },
                        { value: 'previous', label: t('reject.previous') },
                        ...upstream.map((n) => ({
                          value: `node:${n.id}`,
                          label: t('reject.node', { name: nodeNameIn(n, locale) }),
                        })),
                      ]}
                      onChange={(v: string) =>
                        patch({
                          rejectTo: v.startsWith('node:')
                            ? { kind: 'node', nodeId: v.slice(5) }
                            : { kind: v as 'launcher' | 'previous' },
                        })
                      }
                    />
                  </Form.Item>
                  <Form.Item label={t('drawer.noApprover')}>
                    <Radio.Group
                      value={node.noApprover ?? 'admin'}
                      onChange={(e) => patch({ noApprover: e.target.value })}
                      options={NO_APPROVER_RULES.map((r) => ({ value: r, label: t(`noApprover.${r}`) }))}
                    />
                  </Form.Item>
                  <Form.Item>
                    <Checkbox
                      checked={node.autoApproveSame ?? false}
                      onChange={(e) => patch({ autoApproveSame: e.target.checked })}
                    >
                      {t('drawer.autoApproveSame')}
                    </Checkbox>
                  </Form.Item>
                  <TimeoutEditor value={node.timeout} onChange={(timeout) => patch({ timeout })} />
                </>
              ),
            },
            {
              key: 'rights',
              label: t('drawer.tabRights'),
              children: (
                <FieldRights
                  value={node.formRights}
                  onChange={(formRights) => patch({ formRights })}
                  form={form}
                  locale={locale}
                />
              ),
            },
          ]}
        />
      );
    } else if (node.type === 'copy') {
      body = (
        <>
          {name}
          <AssigneeEditor
            value={node.assignee}
            onChange={(assignee) => patch({ assignee })}
            tree={tree}
            nodeId={node.id}
            form={form}
            locale={locale}
            copy
          />
          <Form.Item label={t('drawer.tabRights')}>
            <FieldRights
              value={node.formRights}
              onChange={(formRights) => patch({ formRights })}
              form={form}
              locale={locale}
            />
          </Form.Item>
        </>
      );
    } else if (node.type === 'start') {
      body = (
        <>
          {name}
          <Form.Item label={t('drawer.launcherRights')}>
            <FieldRights
              value={node.formRights}
              onChange={(formRights) => patch({ formRights })}
              form={form}
              locale={locale}
            />
          </Form.Item>
        </>
      );
    } else if (node.type === 'timer') {
      body = (
        <>
          {name}
          <Flex gap={12} wrap>
            <Form.Item label={t('drawer.waitAmount')}>
              <InputNumber
                min={1}
                max={100000}
                aria-label={t('drawer.waitAmount')}
                value={node.wait.amount}
                onChange={(v) => patch({ wait: { ...node.wait, amount: v ?? 1 } })}
              />
            </Form.Item>
            <Form.Item label={t('drawer.waitUnit')}>
              <Select
                style={{ width: 120 }}
                aria-label={t('drawer.waitUnit')}
                value={node.wait.unit}
                options={TIMER_UNITS.map((u) => ({ value: u, label: t(`timerUnit.${u}`) }))}
                onChange={(unit) => patch({ wait: { ...node.wait, unit } })}
              />
            </Form.Item>
          </Flex>
        </>
      );
    } else body = name;
  } else if (branchHit) {
    const { branch, group } = branchHit;
    title = group.type === 'condition' ? t('drawer.conditionBranch') : t('drawer.parallelBranch');
    const isDefault = (branch as ConditionBranch).isDefault;
    body = (
      <>
        <NameInputs item={branch} onChange={(p) => onBranchChange(branch.id, p)} />
        {group.type === 'condition' &&
          (isDefault ? (
            <Alert type="info" title={t('branch.defaultHelp')} />
          ) : (
            <Form.Item label={t('drawer.condition')}>
              <ConditionEditor
                value={(branch as ConditionBranch).condition}
                onChange={(condition) => onBranchChange(branch.id, { condition })}
                form={form}
                locale={locale}
              />
            </Form.Item>
          ))}
      </>
    );
  }

  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size={mobile ? '100%' : 560}
      afterOpenChange={(visible) => !visible && afterClose()}
      data-testid="flow-node-drawer"
      destroyOnHidden
    >
      {errors?.length ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={errors.join(' ')}
          data-testid="flow-node-drawer-errors"
        />
      ) : null}
      <Form layout="vertical" component="div">
        {body}
      </Form>
    </Drawer>
  );
}

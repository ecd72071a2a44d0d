import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  BranchesOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  ForkOutlined,
  PlusOutlined,
  SendOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  type ConditionBranch,
  type FlowNode,
  type Locale,
  nodeNameIn,
  type ParallelBranch,
} from '@srm/contracts/core';
import { Button, Dropdown, Tooltip } from 'antd';
import {
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { branchText, nodeSummary } from './summary';
import { INSERTABLE_TYPES, type InsertableType } from './treeOps';

/** What the canvas asks its owner to do; absent when it only shows (preview, narrow screens). */
export interface CanvasActions {
  select(id: string): void;
  insert(afterId: string, type: InsertableType): void;
  remove(id: string): void;
  moveNode(id: string, delta: -1 | 1): void;
  addBranch(groupId: string): void;
  removeBranch(id: string): void;
  moveBranch(id: string, toIndex: number): void;
}

interface CanvasProps {
  tree: FlowNode;
  formName: string;
  locale: Locale;
  /** Node or branch id → its validation messages (from a refused release). */
  errors: Record<string, string[]>;
  selectedId?: string | null;
  actions?: CanvasActions;
  zoom?: number;
  testId?: string;
}

const TYPE_ICONS: Record<string, ReactNode> = {
  start: <UserOutlined />,
  approver: <UserOutlined />,
  copy: <SendOutlined />,
  condition: <BranchesOutlined />,
  parallel: <ForkOutlined />,
  timer: <ClockCircleOutlined />,
};

/**
 * The flow as a vertical DingTalk-style tree: the launcher on top, the end below, a "+" on every
 * edge, condition and parallel branches side by side between their split and their join.
 */
export function FlowCanvas({
  tree,
  formName,
  locale,
  errors,
  selectedId,
  actions,
  zoom = 1,
  testId,
}: CanvasProps) {
  const ctx = { tree, formName, locale, errors, selectedId, actions };
  const scroller = useRef<HTMLDivElement>(null);
  // A tree wider than the window opens on its middle (the launcher), not on its left edge.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
  }, []);
  return (
    <div className="fd-canvas-scroll" ref={scroller} data-testid={testId ?? 'flow-canvas'}>
      {/* CSS zoom (not a transform): the scrolled size follows the zoomed tree. --fd-zoom lets the
          buttons undo it for their touch size (flowEngine.css). */}
      <div className="fd-canvas" style={{ zoom, '--fd-zoom': zoom } as CSSProperties}>
        <Route start={tree} ctx={ctx} />
      </div>
    </div>
  );
}

type Ctx = Omit<CanvasProps, 'zoom' | 'testId'>;

function Route({ start, ctx }: { start: FlowNode | null | undefined; ctx: Ctx }) {
  const items: ReactNode[] = [];
  for (let cur = start; cur; cur = cur.next) {
    const node = cur;
    if (node.type === 'condition' || node.type === 'parallel')
      items.push(<Group key={node.id} group={node} ctx={ctx} />);
    else items.push(<NodeCard key={node.id} node={node} ctx={ctx} />);
    if (node.type !== 'end') items.push(<Edge key={`${node.id}-edge`} afterId={node.id} ctx={ctx} />);
  }
  return <>{items}</>;
}

function Edge({ afterId, ctx }: { afterId: string; ctx: Ctx }) {
  const { t } = useTranslation('workflow');
  const { actions } = ctx;
  return (
    <div className="fd-edge">
      {actions && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: INSERTABLE_TYPES.map((type) => ({
              key: type,
              icon: TYPE_ICONS[type],
              label: t(`nodeType.${type}`),
              'data-testid': `flow-add-${type}`,
            })),
            onClick: ({ key }) => actions.insert(afterId, key as InsertableType),
          }}
        >
          <Button
            shape="circle"
            size="small"
            type="primary"
            className="fd-add"
            icon={<PlusOutlined />}
            aria-label={t('canvas.addHere')}
            data-testid={`flow-edge-${afterId}`}
          />
        </Dropdown>
      )}
    </div>
  );
}

function ErrorLines({ messages }: { messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <span className="fd-card-errors" role="alert">
      {messages.map((m) => (
        <span key={m}>{m}</span>
      ))}
    </span>
  );
}

function NodeCard({ node, ctx }: { node: FlowNode; ctx: Ctx }) {
  const { t } = useTranslation('workflow');
  const { actions, errors, selectedId } = ctx;
  const summary = nodeSummary(node, t, ctx);
  const name = nodeNameIn(node, ctx.locale);
  const fixed = node.type === 'start' || node.type === 'end';
  const messages = errors[node.id];
  if (node.type === 'end')
    return (
      <div className="fd-end" data-node-id={node.id}>
        <span className="fd-end-dot" aria-hidden />
        <span>{t('node.end')}</span>
      </div>
    );
  const onKeyDown = (e: KeyboardEvent) => {
    if (!actions || fixed) return;
    if (e.key === 'Delete') {
      e.preventDefault();
      actions.remove(node.id);
    } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      actions.moveNode(node.id, e.key === 'ArrowUp' ? -1 : 1);
    }
  };
  return (
    <div
      className={`fd-node fd-type-${node.type}${messages?.length ? ' fd-has-error' : ''}${selectedId === node.id ? ' fd-selected' : ''}`}
      data-node-id={node.id}
      data-testid={`flow-node-${node.type}`}
    >
      <button
        type="button"
        className="fd-node-main"
        onClick={() => actions?.select(node.id)}
        onKeyDown={onKeyDown}
        disabled={!actions}
        aria-describedby={messages?.length ? `${node.id}-err` : undefined}
        data-focus-id={node.id}
      >
        <span className="fd-node-head">
          {TYPE_ICONS[node.type]}
          <span className="fd-node-name">{name}</span>
        </span>
        <span className={`fd-node-body${summary.empty ? ' fd-empty' : ''}`}>{summary.text}</span>
        <span id={`${node.id}-err`}>
          <ErrorLines messages={messages} />
        </span>
      </button>
      {actions && !fixed && (
        <span className="fd-node-tools">
          <Tooltip title={t('canvas.moveUp')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('canvas.moveUpNamed', { name })}
              onClick={() => actions.moveNode(node.id, -1)}
            />
          </Tooltip>
          <Tooltip title={t('canvas.moveDown')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('canvas.moveDownNamed', { name })}
              onClick={() => actions.moveNode(node.id, 1)}
            />
          </Tooltip>
          <Tooltip title={t('canvas.remove')}>
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('canvas.removeNamed', { name })}
              onClick={() => actions.remove(node.id)}
              data-testid="flow-node-remove"
            />
          </Tooltip>
        </span>
      )}
    </div>
  );
}

function Group({ group, ctx }: { group: FlowNode & { type: 'condition' | 'parallel' }; ctx: Ctx }) {
  const { t } = useTranslation('workflow');
  const { actions, errors } = ctx;
  const [dragging, setDragging] = useState<string | null>(null);
  const branches = group.branches as (ConditionBranch | ParallelBranch)[];
  const messages = errors[group.id];
  return (
    <div
      className={`fd-group fd-group-${group.type}`}
      data-node-id={group.id}
      data-testid={`flow-group-${group.type}`}
    >
      <div className="fd-group-head">
        <button
          type="button"
          className={`fd-group-add${messages?.length ? ' fd-has-error' : ''}`}
          onClick={() => actions?.addBranch(group.id)}
          disabled={!actions}
          data-focus-id={group.id}
          data-testid="flow-add-branch"
          aria-describedby={messages?.length ? `${group.id}-err` : undefined}
          onKeyDown={(e) => {
            if (actions && e.key === 'Delete') {
              e.preventDefault();
              actions.remove(group.id);
            }
          }}
        >
          {group.type === 'condition' ? t('canvas.addCondition') : t('canvas.addParallel')}
        </button>
        {actions && (
          <Tooltip title={t('canvas.removeGroup')}>
            <Button
              size="small"
              type="text"
              className="fd-group-remove"
              data-testid="flow-group-remove"
              icon={<CloseOutlined />}
              aria-label={t('canvas.removeNamed', { name: nodeNameIn(group, ctx.locale) })}
              onClick={() => actions.remove(group.id)}
            />
          </Tooltip>
        )}
        <span id={`${group.id}-err`}>
          <ErrorLines messages={messages} />
        </span>
      </div>
      <div className="fd-branches">
        {branches.map((branch, index) => (
          <div
            key={branch.id}
            className={`fd-branch${dragging === branch.id ? ' fd-dragging' : ''}`}
            onDragOver={(e: DragEvent) => {
              if (dragging && dragging !== branch.id && !(branch as ConditionBranch).isDefault)
                e.preventDefault();
            }}
            onDrop={(e: DragEvent) => {
              e.preventDefault();
              if (dragging && actions) actions.moveBranch(dragging, index);
              setDragging(null);
            }}
          >
            <span className="fd-hline fd-hline-top" />
            <span className="fd-hline fd-hline-bottom" />
            <BranchCard
              branch={branch}
              group={group}
              index={index}
              count={branches.length}
              ctx={ctx}
              onDragStart={() => setDragging(branch.id)}
              onDragEnd={() => setDragging(null)}
            />
            <Edge afterId={branch.id} ctx={ctx} />
            <Route start={branch.next} ctx={ctx} />
            <div className="fd-branch-fill" />
          </div>
        ))}
      </div>
    </div>
  );
}

function BranchCard({
  branch,
  group,
  index,
  count,
  ctx,
  onDragStart,
  onDragEnd,
}: {
  branch: ConditionBranch | ParallelBranch;
  group: FlowNode & { type: 'condition' | 'parallel' };
  index: number;
  count: number;
  ctx: Ctx;
  onDragStart(): void;
  onDragEnd(): void;
}) {
  const { t } = useTranslation('workflow');
  const { actions, errors, selectedId, locale } = ctx;
  const name = nodeNameIn(branch, locale);
  const isDefault = (branch as ConditionBranch).isDefault === true;
  const movable = !!actions && !isDefault;
  const movableCount = group.type === 'condition' ? count - 1 : count;
  const summary =
    group.type === 'condition'
      ? branchText(branch as ConditionBranch, locale, t)
      : { text: t('branch.parallelSummary'), empty: false };
  const messages = errors[branch.id];
  const onKeyDown = (e: KeyboardEvent) => {
    if (!actions) return;
    if (e.key === 'Delete' && !isDefault) {
      e.preventDefault();
      actions.removeBranch(branch.id);
    } else if (movable && e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      actions.moveBranch(branch.id, index + (e.key === 'ArrowLeft' ? -1 : 1));
    }
  };
  return (
    <div
      className={`fd-node fd-branch-card fd-type-${group.type}-branch${messages?.length ? ' fd-has-error' : ''}${selectedId === branch.id ? ' fd-selected' : ''}`}
      data-node-id={branch.id}
      data-testid={isDefault ? 'flow-branch-default' : 'flow-branch'}
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', branch.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
    >
      <button
        type="button"
        className="fd-node-main"
        onClick={() => actions?.select(branch.id)}
        onKeyDown={onKeyDown}
        disabled={!actions}
        data-focus-id={branch.id}
        aria-describedby={messages?.length ? `${branch.id}-err` : undefined}
      >
        <span className="fd-node-head">
          <span className="fd-node-name">{name}</span>
          {group.type === 'condition' && (
            <span className="fd-priority">
              {isDefault ? t('branch.default') : t('branch.priority', { n: index + 1 })}
            </span>
          )}
        </span>
        <span
          className={`fd-node-body${summary.empty ? ' fd-empty' : ''}`}
          data-testid="flow-branch-sentence"
        >
          {summary.text}
        </span>
        <span id={`${branch.id}-err`}>
          <ErrorLines messages={messages} />
        </span>
      </button>
      {actions && (
        <span className="fd-node-tools">
          {movable && index > 0 && (
            <Button
              size="small"
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('canvas.moveLeftNamed', { name })}
              onClick={() => actions.moveBranch(branch.id, index - 1)}
            />
          )}
          {movable && index < movableCount - 1 && (
            <Button
              size="small"
              type="text"
              icon={<ArrowRightOutlined />}
              aria-label={t('canvas.moveRightNamed', { name })}
              onClick={() => actions.moveBranch(branch.id, index + 1)}
            />
          )}
          {!isDefault && (
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('canvas.removeNamed', { name })}
              onClick={() => actions.removeBranch(branch.id)}
            />
          )}
        </span>
      )}
    </div>
  );
}

import type {
  ApproverNode,
  ConditionBranch,
  ConditionGroup,
  ConditionItem,
  ConditionRule,
  FlowNode,
} from '@srm/contracts';
import { XMLBuilder } from 'fast-xml-parser';

/**
 * A released version as BPMN 2.0 XML: approver nodes become user tasks (several approvers as a
 * multi-instance), copy-to nodes send tasks, timers intermediate timer events, condition groups an
 * exclusive gateway pair (conditions as expressions, the default branch as the gateway's default
 * flow), parallel groups a parallel gateway pair. The diagram section lays the process out left to
 * right, so a modeler opens it as drawn; a process engine runs the same XML.
 *
 * Who approves is the SRM engine's rule (a department's manager, a role's members, …), worked out at
 * run time, so every user task is a multi-instance over a list the process starts with: the
 * process's data input `<task id>_assignees` (declared in its ioSpecification), one instance per
 * user in the element variable `assignee`, the task assigned to it. Written for Flowable
 * (`flowable:collection`, `flowable:elementVariable`, `flowable:assignee`) and for Camunda 8
 * (`zeebe:loopCharacteristics`, `zeebe:assignmentDefinition`); other engines read the standard part.
 */

export interface Shape {
  id: string;
  col: number;
  row: number;
  w: number;
  h: number;
}
interface Flow {
  id: string;
  source: string;
  target: string;
  name?: string;
  condition?: string;
  /** An empty branch below the split's row: drawn along its own row, clear of the other branches. */
  lane?: number;
}
interface Element {
  tag: string;
  attrs: Record<string, string>;
  children?: Record<string, unknown>;
}

const CELL_W = 160;
const CELL_H = 130;
const SIZES: Record<string, [number, number]> = {
  event: [36, 36],
  task: [100, 80],
  gateway: [50, 50],
};

function literal(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function ruleExpression(rule: ConditionRule): string {
  const subject =
    rule.source === 'form'
      ? (rule.field ?? 'undefined')
      : rule.source === 'launcherDept'
        ? 'launcherDeptIds'
        : rule.source === 'launcherRole'
          ? 'launcherRoleIds'
          : 'launcherPositionIds';
  const values = Array.isArray(rule.value) ? rule.value : rule.value == null ? [] : [rule.value];
  const first = literal(values[0] ?? '');
  const isList = rule.source !== 'form';
  const member = (v: unknown) =>
    isList ? `${subject}.contains(${literal(v)})` : `${subject} == ${literal(v)}`;
  const anyOf = () => `(${values.map(member).join(' || ') || 'false'})`;
  switch (rule.operator) {
    case 'eq':
      return isList ? anyOf() : `${subject} == ${first}`;
    case 'ne':
      return isList ? `!${anyOf()}` : `${subject} != ${first}`;
    case 'gt':
      return `${subject} > ${first}`;
    case 'gte':
      return `${subject} >= ${first}`;
    case 'lt':
      return `${subject} < ${first}`;
    case 'lte':
      return `${subject} <= ${first}`;
    case 'between':
      return `(${subject} >= ${first} && ${subject} <= ${literal(values[1] ?? '')})`;
    case 'in':
    case 'contains':
      return rule.operator === 'contains' && !isList ? `${subject}.contains(${first})` : anyOf();
    case 'notIn':
    case 'notContains':
      return rule.operator === 'notContains' && !isList ? `!${subject}.contains(${first})` : `!${anyOf()}`;
    case 'empty':
      return `empty ${subject}`;
    case 'notEmpty':
      return `not empty ${subject}`;
  }
}

function itemExpression(item: ConditionItem): string {
  if (item.kind === 'rule') return ruleExpression(item);
  if (item.items.length === 0) return 'true';
  return `(${item.items.map(itemExpression).join(item.op === 'and' ? ' && ' : ' || ')})`;
}

/** A condition as a JUEL expression, the language Flowable and Camunda evaluate. */
export function conditionExpression(group: ConditionGroup | null | undefined): string {
  const top =
    group && group.items.length > 0
      ? group.items.map(itemExpression).join(group.op === 'and' ? ' && ' : ' || ')
      : 'true';
  return `\${${top}}`;
}

function duration(node: Extract<FlowNode, { type: 'timer' }>): string {
  const { amount, unit } = node.wait;
  return unit === 'days' ? `P${amount}D` : unit === 'hours' ? `PT${amount}H` : `PT${amount}M`;
}

/** The namespaces of the engine-specific attributes. */
export const FLOWABLE_NS = 'http://flowable.org/bpmn';
export const ZEEBE_NS = 'http://camunda.org/schema/zeebe/1.0';
/** The element variable every multi-instance user task names its one approver by. */
export const ASSIGNEE_VARIABLE = 'assignee';
/** The process variable holding the approvers of a user task (a list of user ids). */
export const assigneesVariable = (taskId: string) => `${taskId.replace(/[^A-Za-z0-9_]/g, '_')}_assignees`;

function multiInstance(node: ApproverNode): Record<string, unknown> {
  const collection = assigneesVariable(node.id);
  const completion =
    node.signMode === 'or'
      ? `\${nrOfCompletedInstances >= 1}`
      : node.signMode === 'ratio'
        ? `\${nrOfCompletedInstances / nrOfInstances >= ${(node.ratio ?? 100) / 100}}`
        : undefined;
  return {
    '@_isSequential': node.signMode === 'sequential' ? 'true' : 'false',
    '@_flowable:collection': `\${${collection}}`,
    '@_flowable:elementVariable': ASSIGNEE_VARIABLE,
    'bpmn:extensionElements': {
      'zeebe:loopCharacteristics': {
        '@_inputCollection': `= ${collection}`,
        '@_inputElement': ASSIGNEE_VARIABLE,
      },
    },
    ...(completion
      ? { 'bpmn:completionCondition': { '@_xsi:type': 'bpmn:tFormalExpression', '#text': completion } }
      : {}),
  };
}

class Exporter {
  readonly elements: Element[] = [];
  readonly shapes: Shape[] = [];
  readonly flows: Flow[] = [];
  readonly userTasks: string[] = [];

  place(
    id: string,
    tag: string,
    kind: keyof typeof SIZES,
    col: number,
    row: number,
    attrs: Record<string, string>,
    children?: Record<string, unknown>,
  ) {
    const [w, h] = SIZES[kind] ?? [100, 80];
    const element: Element = { tag, attrs: { '@_id': id, ...attrs }, ...(children ? { children } : {}) };
    this.elements.push(element);
    this.shapes.push({ id, col, row, w, h });
    return element;
  }

  flow(source: string, target: string, extra: Partial<Flow> = {}): string {
    let id = `Flow_${source}_${target}`;
    // Two empty branches of one group both run from the split to the join; flow ids must stay unique.
    for (let n = 2; this.flows.some((f) => f.id === id); n += 1) id = `Flow_${source}_${target}_${n}`;
    this.flows.push({ id, source, target, ...extra });
    return id;
  }

  /** Lays out a chain from (col,row); returns its first and last element ids and the cells it spans. */
  chain(
    head: FlowNode | null | undefined,
    col: number,
    row: number,
  ): { entry: string | null; exit: string | null; cols: number; rows: number } {
    let entry: string | null = null;
    let exit: string | null = null;
    let c = col;
    let rows = 1;
    for (let node = head; node; node = node.next) {
      const link = (first: string) => {
        if (exit) this.flow(exit, first);
        entry ??= first;
      };
      const name = { '@_name': node.name };
      switch (node.type) {
        case 'start':
          this.place(node.id, 'bpmn:startEvent', 'event', c, row, name);
          break;
        case 'end':
          this.place(node.id, 'bpmn:endEvent', 'event', c, row, name);
          break;
        case 'approver':
          this.place(
            node.id,
            'bpmn:userTask',
            'task',
            c,
            row,
            { ...name, '@_flowable:assignee': `\${${ASSIGNEE_VARIABLE}}` },
            {
              'bpmn:documentation': JSON.stringify({ assignee: node.assignee, signMode: node.signMode }),
              'bpmn:extensionElements': {
                'zeebe:assignmentDefinition': { '@_assignee': `= ${ASSIGNEE_VARIABLE}` },
              },
              'bpmn:multiInstanceLoopCharacteristics': multiInstance(node),
            },
          );
          this.userTasks.push(node.id);
          break;
        case 'copy':
          this.place(node.id, 'bpmn:sendTask', 'task', c, row, name, {
            'bpmn:documentation': JSON.stringify({ copyTo: node.assignee }),
          });
          break;
        case 'timer':
          this.place(node.id, 'bpmn:intermediateCatchEvent', 'event', c, row, name, {
            'bpmn:timerEventDefinition': {
              'bpmn:timeDuration': { '@_xsi:type': 'bpmn:tFormalExpression', '#text': duration(node) },
            },
          });
          break;
        case 'condition':
        case 'parallel': {
          const tag = node.type === 'condition' ? 'bpmn:exclusiveGateway' : 'bpmn:parallelGateway';
          const joinId = `${node.id}_join`;
          const split = this.place(node.id, tag, 'gateway', c, row, {
            ...name,
            '@_gatewayDirection': 'Diverging',
          });
          link(node.id);
          let branchRow = row;
          let widest = 0;
          const pending: Array<{
            exit: string | null;
            entry: string | null;
            branch: (typeof node.branches)[number];
            lane: number;
          }> = [];
          for (const branch of node.branches) {
            const laid = this.chain(branch.next, c + 1, branchRow);
            pending.push({ entry: laid.entry, exit: laid.exit, branch, lane: branchRow });
            widest = Math.max(widest, laid.entry ? laid.cols : 0);
            branchRow += laid.rows;
          }
          const joinCol = c + 1 + widest;
          this.place(joinId, tag, 'gateway', joinCol, row, {
            '@_name': node.name,
            '@_gatewayDirection': 'Converging',
          });
          for (const { entry: first, exit: last, branch, lane } of pending) {
            const cond = node.type === 'condition' ? (branch as ConditionBranch) : null;
            const extra: Partial<Flow> = { name: branch.name };
            if (!first && lane !== row) extra.lane = lane;
            if (cond && !cond.isDefault) extra.condition = conditionExpression(cond.condition);
            const id = this.flow(node.id, first ?? joinId, extra);
            if (cond?.isDefault) split.attrs['@_default'] = id;
            if (first && last) this.flow(last, joinId);
          }
          exit = joinId;
          c = joinCol + 1;
          rows = Math.max(rows, branchRow - row);
          continue;
        }
      }
      link(node.id);
      exit = node.id;
      c += 1;
    }
    return { entry, exit, cols: c - col, rows };
  }
}

export function bounds(shape: Shape) {
  const x = 60 + shape.col * CELL_W + (CELL_W - 40 - shape.w) / 2;
  const y = 60 + shape.row * CELL_H + (CELL_H - 50 - shape.h) / 2;
  return { x, y, w: shape.w, h: shape.h, cx: x + shape.w / 2, cy: y + shape.h / 2 };
}

/** The centre line of a row of the grid, between the shapes of the rows above and below. */
const rowMiddle = (row: number) => 60 + row * CELL_H + (CELL_H - 50) / 2;

/**
 * Orthogonal waypoints from one shape to the next. The layout keeps every branch in rows of its
 * own and every column between a split and its join free of other shapes, so a flow runs along its
 * source's or its target's row and turns only in its source's or its target's column.
 */
export function waypoints(from: Shape, to: Shape, lane?: number): Array<{ x: number; y: number }> {
  const s = bounds(from);
  const t = bounds(to);
  if (lane !== undefined) {
    const y = rowMiddle(lane);
    return [
      { x: s.cx, y: s.y + s.h },
      { x: s.cx, y },
      { x: t.cx, y },
      { x: t.cx, y: t.y + t.h },
    ];
  }
  if (Math.abs(s.cy - t.cy) < 1)
    return [
      { x: s.x + s.w, y: s.cy },
      { x: t.x, y: t.cy },
    ];
  if (t.cy > s.cy)
    return [
      { x: s.cx, y: s.y + s.h },
      { x: s.cx, y: t.cy },
      { x: t.x, y: t.cy },
    ];
  return [
    { x: s.x + s.w, y: s.cy },
    { x: t.cx, y: s.cy },
    { x: t.cx, y: t.y + t.h },
  ];
}

/** The BPMN 2.0 XML of a flow version (process id from the flow's code, made a valid XML id). */
export function exportBpmn(root: FlowNode, meta: { code: string; name: string; version: number }): string {
  const ex = new Exporter();
  ex.chain(root, 0, 0);
  const processId = `Process_${meta.code.replace(/[^A-Za-z0-9_-]/g, '_')}_v${meta.version}`;
  const processBody: Record<string, unknown> = {};
  if (ex.userTasks.length > 0) {
    // The approvers' lists the process starts with, one per user task (see the top of the file).
    const inputs = ex.userTasks.map(assigneesVariable);
    processBody['bpmn:ioSpecification'] = {
      '@_id': `${processId}_io`,
      'bpmn:dataInput': inputs.map((name) => ({ '@_id': name, '@_name': name, '@_isCollection': 'true' })),
      'bpmn:inputSet': { '@_id': `${processId}_inputs`, 'bpmn:dataInputRefs': inputs },
      'bpmn:outputSet': { '@_id': `${processId}_outputs` },
    };
  }
  for (const el of ex.elements) {
    const list = (processBody[el.tag] ?? []) as unknown[];
    list.push({ ...el.attrs, ...(el.children ?? {}) });
    processBody[el.tag] = list;
  }
  processBody['bpmn:sequenceFlow'] = ex.flows.map((f) => ({
    '@_id': f.id,
    '@_sourceRef': f.source,
    '@_targetRef': f.target,
    ...(f.name ? { '@_name': f.name } : {}),
    ...(f.condition
      ? { 'bpmn:conditionExpression': { '@_xsi:type': 'bpmn:tFormalExpression', '#text': f.condition } }
      : {}),
  }));
  const shapeOf = new Map(ex.shapes.map((s) => [s.id, s]));
  const diagram = {
    '@_id': 'BPMNDiagram_1',
    'bpmndi:BPMNPlane': {
      '@_id': 'BPMNPlane_1',
      '@_bpmnElement': processId,
      'bpmndi:BPMNShape': ex.shapes.map((s) => {
        const b = bounds(s);
        return {
          '@_id': `${s.id}_di`,
          '@_bpmnElement': s.id,
          'dc:Bounds': { '@_x': b.x, '@_y': b.y, '@_width': b.w, '@_height': b.h },
        };
      }),
      'bpmndi:BPMNEdge': ex.flows.map((f) => {
        const from = shapeOf.get(f.source);
        const to = shapeOf.get(f.target);
        return {
          '@_id': `${f.id}_di`,
          '@_bpmnElement': f.id,
          'di:waypoint':
            from && to ? waypoints(from, to, f.lane).map((p) => ({ '@_x': p.x, '@_y': p.y })) : [],
        };
      }),
    },
  };
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'bpmn:definitions': {
      '@_xmlns:bpmn': 'http://www.omg.org/spec/BPMN/20100524/MODEL',
      '@_xmlns:bpmndi': 'http://www.omg.org/spec/BPMN/20100524/DI',
      '@_xmlns:dc': 'http://www.omg.org/spec/DD/20100524/DC',
      '@_xmlns:di': 'http://www.omg.org/spec/DD/20100524/DI',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xmlns:flowable': FLOWABLE_NS,
      '@_xmlns:zeebe': ZEEBE_NS,
      '@_id': `Definitions_${processId}`,
      '@_targetNamespace': 'http://bpmn.io/schema/bpmn',
      '@_exporter': 'SRM flow engine',
      '@_exporterVersion': '1',
      'bpmn:process': { '@_id': processId, '@_name': meta.name, '@_isExecutable': 'true', ...processBody },
      'bpmndi:BPMNDiagram': diagram,
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
    suppressBooleanAttributes: false,
  });
  return builder.build(doc) as string;
}

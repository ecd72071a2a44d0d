import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BpmnModdle } from 'bpmn-moddle';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { exportBpmn } from '../../../src/workflow/engine/bpmn';
import { amountOver, approver, chain, condition, end, parallel, start, users } from './harness';

const tree = chain(
  start(),
  approver('mgr', { kind: 'deptManager' }),
  condition('C', [
    {
      id: 'big',
      name: '大额',
      condition: amountOver(50000),
      next: approver('dir', users('9'), { signMode: 'sequential' }),
    },
    { id: 'other', name: '其他', isDefault: true },
  ]),
  parallel('P', [
    {
      id: 'p1',
      name: '财务',
      next: approver('fin', { kind: 'roles', roleIds: ['3'] }, { signMode: 'ratio', ratio: 60 }),
    },
    { id: 'p2', name: '抄送', next: { id: 'cc', type: 'copy', name: '抄送行政', assignee: users('5') } },
  ]),
  { id: 'wait', type: 'timer', name: '等一天', wait: { amount: 1, unit: 'days' } },
  end(),
);

type Node = Record<string, unknown>;
/** A JUEL expression as the export writes it (`${…}`). */
const juel = (body: string) => `$${'{'}${body}}`;
const list = (v: unknown): Node[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]) as Node[];

function parse(xml: string) {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
  const defs = doc['bpmn:definitions'];
  const process = defs['bpmn:process'];
  const plane = defs['bpmndi:BPMNDiagram']['bpmndi:BPMNPlane'];
  return { defs, process, plane };
}

describe('BPMN 2.0 export', () => {
  const xml = exportBpmn(tree, { code: 'purchase.requisition', name: '采购申请', version: 3 });
  const { defs, process, plane } = parse(xml);
  const ids = (tag: string) => list(process[tag]).map((e) => e.id);

  it('is a BPMN definitions document with one executable process named after the flow and version', () => {
    expect(defs.xmlns_bpmn ?? defs['xmlns:bpmn']).toBe('http://www.omg.org/spec/BPMN/20100524/MODEL');
    expect(process).toMatchObject({
      id: 'Process_purchase_requisition_v3',
      name: '采购申请',
      isExecutable: 'true',
    });
  });

  it('has an element for every node of the tree, of the matching kind', () => {
    expect(ids('bpmn:startEvent')).toEqual(['start']);
    expect(ids('bpmn:endEvent')).toEqual(['end']);
    expect(ids('bpmn:userTask').sort()).toEqual(['dir', 'fin', 'mgr']);
    expect(ids('bpmn:sendTask')).toEqual(['cc']);
    expect(ids('bpmn:exclusiveGateway').sort()).toEqual(['C', 'C_join']);
    expect(ids('bpmn:parallelGateway').sort()).toEqual(['P', 'P_join']);
    const timer = list(process['bpmn:intermediateCatchEvent'])[0] as Node;
    expect(timer.id).toBe('wait');
    expect((timer['bpmn:timerEventDefinition'] as Node)['bpmn:timeDuration']).toMatchObject({
      '#text': 'P1D',
    });
  });

  it('links the nodes by sequence flows as the tree does, conditions on the branches, the default on the gateway', () => {
    const flows = list(process['bpmn:sequenceFlow']);
    const pairs = flows.map((f) => `${f.sourceRef}→${f.targetRef}`).sort();
    expect(pairs).toEqual(
      [
        'start→mgr',
        'mgr→C',
        'C→dir',
        'dir→C_join',
        'C→C_join',
        'C_join→P',
        'P→fin',
        'fin→P_join',
        'P→cc',
        'cc→P_join',
        'P_join→wait',
        'wait→end',
      ].sort(),
    );
    const big = flows.find((f) => f.sourceRef === 'C' && f.targetRef === 'dir') as Node;
    expect((big['bpmn:conditionExpression'] as Node)['#text']).toBe(juel('amount > 50000'));
    const fallback = flows.find((f) => f.sourceRef === 'C' && f.targetRef === 'C_join') as Node;
    expect(fallback['bpmn:conditionExpression']).toBeUndefined();
    expect(list(process['bpmn:exclusiveGateway']).find((g) => g.id === 'C')?.default).toBe(fallback.id);
  });

  it('marks several approvers as a multi-instance: sequential, or finished by a ratio', () => {
    const tasks = Object.fromEntries(list(process['bpmn:userTask']).map((t) => [t.id, t]));
    expect(tasks.dir?.['bpmn:multiInstanceLoopCharacteristics']).toMatchObject({ isSequential: 'true' });
    const fin = tasks.fin?.['bpmn:multiInstanceLoopCharacteristics'] as Node;
    expect(fin.isSequential).toBe('false');
    expect((fin['bpmn:completionCondition'] as Node)['#text']).toBe(
      juel('nrOfCompletedInstances / nrOfInstances >= 0.6'),
    );
  });

  it('draws every element and every flow in the diagram section, with bounds and waypoints', () => {
    const shapes = list(plane['bpmndi:BPMNShape']);
    const edges = list(plane['bpmndi:BPMNEdge']);
    const elements = [
      'bpmn:startEvent',
      'bpmn:endEvent',
      'bpmn:userTask',
      'bpmn:sendTask',
      'bpmn:exclusiveGateway',
      'bpmn:parallelGateway',
      'bpmn:intermediateCatchEvent',
    ].flatMap(ids);
    expect(shapes.map((s) => s.bpmnElement).sort()).toEqual(elements.sort());
    expect(edges.map((e) => e.bpmnElement).sort()).toEqual(ids('bpmn:sequenceFlow').sort());
    for (const shape of shapes) expect(Number((shape['dc:Bounds'] as Node).width)).toBeGreaterThan(0);
    for (const edge of edges) expect(list(edge['di:waypoint']).length).toBeGreaterThanOrEqual(2);
    // Branches of one group lie on different rows, so the modeler does not draw them on top of each other.
    const y = (id: string) =>
      Number((shapes.find((s) => s.bpmnElement === id)?.['dc:Bounds'] as Node | undefined)?.y);
    expect(y('fin')).not.toBe(y('cc'));
  });

  it("opens in bpmn.io's model without a warning, references resolved", async () => {
    const { rootElement, warnings } = await new BpmnModdle().fromXML(xml);
    expect(warnings).toEqual([]);
    const definitions = rootElement as unknown as {
      rootElements: { flowElements: { id: string; $type: string; default?: { id: string } }[] }[];
      diagrams: { plane: { planeElement: unknown[] } }[];
    };
    const elements = definitions.rootElements[0]?.flowElements ?? [];
    expect(elements.find((e) => e.id === 'C')?.default?.id).toBe('Flow_C_C_join');
    expect(elements.filter((e) => e.$type === 'bpmn:SequenceFlow')).toHaveLength(12);
    expect(definitions.diagrams[0]?.plane.planeElement).toHaveLength(elements.length);
  });

  it('escapes names and quotes conditions safely', () => {
    const odd = chain(
      { id: 'start', type: 'start', name: '<发起> & "人"' },
      condition('C', [
        {
          id: 'a',
          name: 'x',
          condition: {
            kind: 'group',
            op: 'and',
            items: [{ kind: 'rule', source: 'form', field: 'note', operator: 'eq', value: "it's <b>" }],
          },
        },
        { id: 'b', name: 'y', isDefault: true },
      ]),
      end(),
    );
    const again = parse(exportBpmn(odd, { code: 'x', name: 'x', version: 1 }));
    expect(list(again.process['bpmn:startEvent'])[0]?.name).toBe('<发起> & "人"');
    const flow = list(again.process['bpmn:sequenceFlow']).find(
      (f) => f.sourceRef === 'C' && f.name === 'x',
    ) as Node;
    expect((flow['bpmn:conditionExpression'] as Node)['#text']).toBe(juel("note == 'it\\'s <b>'"));
  });
});

const XSD_DIR = 'node_modules/bpmn-moddle/resources/bpmn/xsd';
const XSD_FILES = ['BPMN20.xsd', 'Semantic.xsd', 'BPMNDI.xsd', 'DC.xsd', 'DI.xsd'];
/** The OMG's BPMN 2.0 schema (shipped with bpmn-moddle), checked by libxml2's validator. */
async function xsdErrors(xml: string): Promise<string[]> {
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  const [main, ...rest] = await Promise.all(
    XSD_FILES.map(async (fileName) => ({
      fileName,
      contents: await readFile(join(root, XSD_DIR, fileName), 'utf8'),
    })),
  );
  const result = await validateXML({
    xml: [{ fileName: 'flow.bpmn', contents: xml }],
    schema: [main!],
    preload: rest,
  });
  return result.errors.map((e) => e.rawMessage);
}

/** The demo's shape that drew the empty default branch through the countersign task, and deeper nests. */
const countersign = chain(
  start(),
  condition('C', [
    {
      id: 'big',
      name: '大额',
      condition: amountOver(50000),
      next: chain(
        approver('sign', users('2', '3'), { signMode: 'all' }),
        approver('after', { kind: 'deptManager' }),
      ),
    },
    { id: 'other', name: '其他', isDefault: true },
  ]),
  end(),
);
const nested = chain(
  start(),
  parallel('P', [
    {
      id: 'p1',
      name: '甲',
      next: chain(
        condition('C2', [
          { id: 'c2a', name: 'a', condition: amountOver(1), next: approver('x1', users('1')) },
          { id: 'c2b', name: 'b', isDefault: true },
          {
            id: 'c2c',
            name: 'c',
            condition: amountOver(2),
            next: chain(approver('x2', users('2')), approver('x3', users('3'))),
          },
        ]),
        approver('x4', { kind: 'launcher' }),
      ),
    },
    { id: 'p2', name: '乙' },
    { id: 'p3', name: '丙', next: approver('x5', { kind: 'roles', roleIds: ['3'] }) },
  ]),
  condition('C3', [
    { id: 'c3a', name: 'a', isDefault: true },
    { id: 'c3b', name: 'b', condition: amountOver(3) },
  ]),
  end(),
);
const trees = { tree, countersign, nested };

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
/** Whether an axis-parallel segment runs through the inside of a box (touching its edge is not crossing). */
function crosses(a: { x: number; y: number }, b: { x: number; y: number }, box: Box): boolean {
  const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return x2 > box.x && x1 < box.x + box.w && y2 > box.y && y1 < box.y + box.h;
}

describe.each(Object.entries(trees))('the BPMN export of %s', (_, root) => {
  const xml = exportBpmn(root, { code: 'demo.flow', name: '演示', version: 1 });
  const { process, plane } = parse(xml);

  it('validates against the OMG BPMN 2.0 XSD (which refuses an element out of place)', async () => {
    expect(await xsdErrors(xml)).toEqual([]);
    const misplaced = xml
      .replace('<bpmn:outgoing', '<bpmn:bogus/><bpmn:outgoing')
      .replace(/(<bpmn:userTask[^>]*>)/, '$1<bpmn:multiInstanceLoopCharacteristics/>');
    expect(misplaced).not.toBe(xml);
    expect((await xsdErrors(misplaced)).length).toBeGreaterThan(0);
  });

  it('every user task is resolvable by Flowable and Camunda 8: a collection the process declares, one assignee per instance', () => {
    const declared = list(
      (process['bpmn:ioSpecification'] as Node | undefined)?.['bpmn:dataInput'] as Node[] | undefined,
    ).map((d) => d.name);
    const tasks = list(process['bpmn:userTask']);
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      const loop = task['bpmn:multiInstanceLoopCharacteristics'] as Node;
      const variable = `${String(task.id)}_assignees`;
      expect(declared).toContain(variable);
      expect(loop['flowable:collection']).toBe(juel(variable));
      expect(loop['flowable:elementVariable']).toBe('assignee');
      expect(task['flowable:assignee']).toBe(juel('assignee'));
      const zeebe = (loop['bpmn:extensionElements'] as Node)['zeebe:loopCharacteristics'] as Node;
      expect(zeebe).toMatchObject({ inputCollection: `= ${variable}`, inputElement: 'assignee' });
      const assignment = (task['bpmn:extensionElements'] as Node)['zeebe:assignmentDefinition'] as Node;
      expect(assignment.assignee).toBe('= assignee');
    }
  });

  it('no edge segment crosses a shape other than its own two ends', () => {
    const box = new Map(
      list(plane['bpmndi:BPMNShape']).map((s) => {
        const b = s['dc:Bounds'] as Node;
        return [
          String(s.bpmnElement),
          { x: +String(b.x), y: +String(b.y), w: +String(b.width), h: +String(b.height) },
        ];
      }),
    );
    const flows = new Map(list(process['bpmn:sequenceFlow']).map((f) => [String(f.id), f]));
    const crossings: string[] = [];
    for (const edge of list(plane['bpmndi:BPMNEdge'])) {
      const flow = flows.get(String(edge.bpmnElement)) as Node;
      const points = list(edge['di:waypoint']).map((p) => ({ x: +String(p.x), y: +String(p.y) }));
      for (let i = 1; i < points.length; i += 1) {
        const [a, b] = [points[i - 1]!, points[i]!];
        expect(a.x === b.x || a.y === b.y).toBe(true);
        for (const [id, shape] of box)
          if (id !== flow.sourceRef && id !== flow.targetRef && crosses(a, b, shape))
            crossings.push(`${String(flow.id)} through ${id}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('opens in bpmn.io without a warning', async () => {
    expect((await new BpmnModdle().fromXML(xml)).warnings).toEqual([]);
  });
});

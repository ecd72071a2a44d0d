// The zod-free part of flow-engine-api.ts: API paths and permission codes of the flow definitions.

/** The flow-definition calls (docs/rules.md#workflow). */
export const FlowEngineApi = {
  base: '/api/flow/FlowEngine',
  /** GET, paged (keyword on name and code, category). */
  list: '/api/flow/FlowEngine/list',
  /** GET `${info}/{id}`. */
  info: '/api/flow/FlowEngine/info',
  /** GET `${infoByCode}/{code}`. */
  infoByCode: '/api/flow/FlowEngine/infoByCode',
  save: '/api/flow/FlowEngine/save',
  update: '/api/flow/FlowEngine/update',
  /** GET `${delete}/{id}`: refused while tasks use the definition. */
  delete: '/api/flow/FlowEngine/delete',
  /** GET `${bpmn}/{id}/{version}`: a released version as a BPMN 2.0 file (.bpmn). */
  bpmn: '/api/flow/FlowEngine/Bpmn',
  /** POST `${base}/{id}/Actions/Copy`; GET `${base}/{id}/Actions/ExportData`. */
  import: '/api/flow/FlowEngine/import',
  /** POST `${release}/{id}`: validates the tree and freezes a numbered version. */
  release: '/api/flow/FlowEngine/release',
  /** POST `${stop}/{id}`: no new launches; running tasks finish on their version. */
  stop: '/api/flow/FlowEngine/stop',
  listAll: '/api/flow/FlowEngine/ListAll',
  /** GET ?type= (a category): released flows for pickers. */
  selector: '/api/flow/FlowEngine/Selector',
  /**
   * GET `${base}/{id}/${formDataFields}`: the fields of the flow's form (for conditions and node
   * field rights), a coded form's or a published design's.
   */
  formDataFields: 'FormDataFields',
  /** GET `${base}/{id}/${fieldDataSelect}`: the options of the form's choice fields (fixed or the dictionary's). */
  fieldDataSelect: 'FieldDataSelect',
} as const;

/** The flow engine screen's permission codes, seeded with the `workFlow.flowEngine` menu page. */
export const FlowEnginePerm = {
  /** The workFlow menu group. */
  workFlow: 'workFlow',
  flowEngine: 'workFlow.flowEngine',
  add: 'workFlow.flowEngine.add',
  edit: 'workFlow.flowEngine.edit',
  delete: 'workFlow.flowEngine.delete',
  release: 'workFlow.flowEngine.release',
  stop: 'workFlow.flowEngine.stop',
  export: 'workFlow.flowEngine.export',
  import: 'workFlow.flowEngine.import',
} as const;

export { EnabledTag } from './EnabledTag';
export { applyServerFieldErrors, useOrgFormRules } from './formRules';
export { OrgTreePanel, type OrgTreePanelProps } from './OrgTreePanel';
export { OrgTreeSelect, type OrgTreeSelectProps } from './OrgTreeSelect';
export {
  companiesOf,
  companyWithDepartments,
  filterOrgTree,
  findOrgNode,
  invalidateOrg,
  ORG_QUERY_KEY,
  orgNodeIds,
  useOrgTree,
} from './orgTree';
export { TreeListLayout } from './TreeListLayout';

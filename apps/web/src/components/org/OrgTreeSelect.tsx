import type { DeptNode } from '@srm/contracts/core';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { companiesOf, companyWithDepartments, findOrgNode, useOrgTree } from './orgTree';

interface TreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

export interface OrgTreeSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Companies only (a company's parent), else companies and departments. */
  companiesOnly?: boolean;
  /** Only this company and its own departments (a department's parent in the department screen). */
  companyId?: string;
  /** This node and everything below it cannot be chosen (a node never moves under itself). */
  excludeId?: string;
  /** Offers "0" (top level) with this label. */
  rootLabel?: string;
  /**
   * Names of departments chosen before the tree has loaded (a form's own department): the picker
   * shows the name, not the id, while the tree loads or where it does not hold that one.
   */
  knownLabels?: Record<string, string>;
  disabled?: boolean;
  placeholder?: string;
  /** The input's id (a Form.Item with a name passes its own, so its label points at the picker). */
  id?: string;
  'data-testid'?: string;
}

function toOptions(nodes: DeptNode[], excludeId: string | undefined, inExcluded = false): TreeOption[] {
  return nodes.map((n) => {
    const excluded = inExcluded || n.id === excludeId;
    return {
      value: n.id,
      title: n.deptName,
      disabled: excluded,
      children: n.children ? toOptions(n.children, excludeId, excluded) : undefined,
    };
  });
}

/** Picks a company or department of the tenant's org tree (form control: value/onChange). */
export function OrgTreeSelect({
  value,
  onChange,
  companiesOnly = false,
  companyId,
  excludeId,
  rootLabel,
  knownLabels,
  disabled,
  placeholder,
  id,
  'data-testid': testId,
}: OrgTreeSelectProps) {
  const { t } = useTranslation('org');
  const tree = useOrgTree();
  const treeData = useMemo(() => {
    const all = tree.data ?? [];
    let nodes = companiesOnly ? companiesOf(all) : all;
    if (companyId) {
      const company = companyWithDepartments(all, companyId);
      nodes = company ? [company] : [];
    }
    const options = toOptions(nodes, excludeId);
    const known = value && knownLabels?.[value];
    if (known && !findOrgNode(nodes, value)) options.unshift({ value, title: known });
    return rootLabel ? [{ value: '0', title: rootLabel }, ...options] : options;
  }, [tree.data, companiesOnly, companyId, excludeId, rootLabel, value, knownLabels]);
  return (
    <TreeSelect<string>
      value={value}
      onChange={onChange}
      treeData={treeData}
      loading={tree.isLoading}
      disabled={disabled}
      placeholder={placeholder ?? t('tree.pick')}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
      id={id}
      data-testid={testId}
    />
  );
}

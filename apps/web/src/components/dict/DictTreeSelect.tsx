import type { DictionaryNode } from '@srm/contracts/core';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useDict } from './useDict';

export interface DictTreeSelectProps extends Omit<TreeSelectProps<string>, 'treeData'> {
  /** The enCode of a tree dictionary type, e.g. `supplyCategory`. */
  typeCode: string;
  /** Items shown but not selectable, with everything below them (e.g. categories already held). */
  lockedCodes?: ReadonlySet<string>;
}

interface Node {
  value: string;
  title: string;
  disabled?: boolean;
  children?: Node[];
}

/** The values a control holds, for a single or multiple select. */
function heldCodes(value: unknown): Set<string> {
  if (Array.isArray(value)) return new Set(value.map(String));
  return new Set(value ? [String(value)] : []);
}

/**
 * A tree form control over the item codes of a tree dictionary type, in the user's language.
 * A disabled item (and its branch) is left out unless the record already holds it or something
 * below it; then it is shown greyed, unselectable.
 */
export function DictTreeSelect({ typeCode, value, lockedCodes, ...rest }: DictTreeSelectProps) {
  const { dict, loading } = useDict(typeCode);
  const treeData = useMemo(() => {
    const held = heldCodes(value);
    const convert = (nodes: DictionaryNode[], parentEnabled: boolean, parentLocked: boolean): Node[] =>
      nodes.flatMap((node) => {
        const enabled = parentEnabled && node.enabled;
        const locked = parentLocked || !!lockedCodes?.has(node.enCode);
        const children = node.children ? convert(node.children, enabled, locked) : [];
        if (!enabled && !held.has(node.enCode) && children.length === 0) return [];
        return [
          {
            value: node.enCode,
            title: node.fullName,
            disabled: !enabled || locked,
            ...(children.length ? { children } : {}),
          },
        ];
      });
    return dict ? convert(dict.dictionaryList, true, false) : [];
  }, [dict, value, lockedCodes]);
  return (
    <TreeSelect<string>
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={loading}
      treeData={treeData}
      value={value === '' ? undefined : value}
      {...rest}
    />
  );
}

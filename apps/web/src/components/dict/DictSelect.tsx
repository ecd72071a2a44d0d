import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useDict, walkDict } from './useDict';

export interface DictSelectProps extends Omit<SelectProps<string>, 'options' | 'mode'> {
  /** The dictionary type's enCode, e.g. `noticeType`. */
  typeCode: string;
}

/**
 * A form control over the item codes of one dictionary type, named in the user's language.
 * Disabled items are not offered for a new value, but one the record already holds stays shown
 * (greyed) so that saving it unchanged keeps it. Tree types are offered flat, children indented.
 */
export function DictSelect({ typeCode, value, ...rest }: DictSelectProps) {
  const { dict, loading } = useDict(typeCode);
  const options = useMemo(() => {
    if (!dict) return [];
    const out: { value: string; label: string; disabled?: boolean }[] = [];
    const visit = (nodes: typeof dict.dictionaryList, depth: number) => {
      for (const node of nodes) {
        const held = node.enCode === value;
        if (node.enabled || held) {
          out.push({
            value: node.enCode,
            label: `${'\u3000'.repeat(depth)}${node.fullName}`,
            disabled: !node.enabled,
          });
        }
        if (node.children && node.enabled) visit(node.children, depth + 1);
        else if (node.children) {
          for (const child of walkDict(node.children)) {
            if (child.enCode === value)
              out.push({ value: child.enCode, label: child.fullName, disabled: true });
          }
        }
      }
    };
    visit(dict.dictionaryList, 0);
    return out;
  }, [dict, value]);
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      value={value === '' ? undefined : value}
      {...rest}
    />
  );
}

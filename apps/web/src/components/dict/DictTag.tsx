import { Tag, type TagProps } from 'antd';
import { dictLabel, useDict } from './useDict';

/** An item's name in a list cell, by dictionary type and item code; '-' when there is none. */
export function DictTag({
  typeCode,
  value,
  ...rest
}: { typeCode: string; value: string | null | undefined } & TagProps) {
  const { dict } = useDict(typeCode);
  if (!value) return <span>-</span>;
  return <Tag {...rest}>{dictLabel(dict, value)}</Tag>;
}

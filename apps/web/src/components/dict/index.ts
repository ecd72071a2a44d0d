export { DictSelect, type DictSelectProps } from './DictSelect';
export { DictTag } from './DictTag';
export { DictTreeSelect, type DictTreeSelectProps } from './DictTreeSelect';
export { DICT_QUERY_KEY, dictKeys, dictLabel, useConfDicts, useDict, useDictSync, walkDict } from './useDict';

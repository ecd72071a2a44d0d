/**
 * Dictionaries (system data menu group): permission codes, API paths and the socket event of the
 * dictionary screen. The page's code is its menu enCode; its buttons are
 * `systemData.dictionary.add|edit|delete|import|export`.
 */
export const DictPerm = {
  systemData: 'systemData',
  dictionary: 'systemData.dictionary',
  dictionaryAdd: 'systemData.dictionary.add',
  dictionaryEdit: 'systemData.dictionary.edit',
  dictionaryDelete: 'systemData.dictionary.delete',
  dictionaryImport: 'systemData.dictionary.import',
  dictionaryExport: 'systemData.dictionary.export',
} as const;
export type DictPermCode = (typeof DictPerm)[keyof typeof DictPerm];

export const DictApi = {
  /** Categories: GET list; POST create; PUT/DELETE `/{id}`. */
  category: '/api/system/DictionaryCategory',
  /** Types: GET `?categoryId=&keyword=`; POST create; GET/PUT/DELETE `/{id}`. */
  type: '/api/system/DictionaryType',
  typeState: (id: string) => `/api/system/DictionaryType/${id}/Actions/State`,
  /** GET: the type with its items, the document that import takes back. */
  typeExport: (id: string) => `/api/system/DictionaryType/${id}/Actions/Export`,
  /** POST: a type with its items (an exported document plus the category); one transaction. */
  typeImport: '/api/system/DictionaryType/Actions/Import',
  /** Items: GET `?typeId=` (flat, with parentId); POST create; PUT/DELETE `/{id}`. */
  item: '/api/system/DictionaryData',
  itemState: (id: string) => `/api/system/DictionaryData/${id}/Actions/State`,
  /** PUT {typeId, parentId, ids}: the new order of one parent's children. */
  itemSort: '/api/system/DictionaryData/Actions/Sort',
} as const;

/**
 * Socket frame `{ method: 'dictChanged' }` sent to every signed-in tab of a tenant after a
 * dictionary write commits: the client reloads its start-up dictionaries.
 */
export const DICT_CHANGED_METHOD = 'dictChanged';

/** Where a dictionary type's items may be loaded at start-up from (get-sys-dist / get-base-dist, docs/rules.md#start-up). */
export const DICT_SCOPES = ['sys', 'base'] as const;
export type DictScope = (typeof DICT_SCOPES)[number];

/** At most this many items in one imported type. */
export const DICT_IMPORT_MAX_ITEMS = 20_000;

import type { Transaction } from 'kysely';
import type { Database } from './types';

/** An item: code, names in zh-CN / en-US / zh-TW, children (tree types only). */
type ItemSeed = [code: string, zh: string, en: string, tw: string, children?: ItemSeed[]];

/** A category's or a type's names in zh-CN / en-US / zh-TW. */
type Names = [zh: string, en: string, tw: string];

interface TypeSeed {
  code: string;
  names: Names;
  scope: 'sys' | 'base';
  isTree?: boolean;
  items: ItemSeed[];
}

/**
 * The demo tenant's dictionaries as one table, a line each: a category (`code | zh-CN | en-US |
 * zh-TW`), under it its types indented by two (the same, then `| tree` for a tree type; a type's
 * scope is its category's code), under each type its items indented by four (`code | zh-CN | en-US | zh-TW`),
 * children of a tree item two deeper. `sys` types are platform lists, `base` types the business
 * lists the supplier, workflow and notice screens pick from (forms store item codes).
 */
const DICTIONARY_TABLE = `
sys | 系统字典 | System | 系統字典
  sex | 性别 | Sex | 性別
    1 | 男 | Male | 男
    2 | 女 | Female | 女
  yesNo | 是否 | Yes / no | 是否
    1 | 是 | Yes | 是
    0 | 否 | No | 否
base | 业务字典 | Business | 業務字典
  supplyCategory | 供货类别 | Supply categories | 供貨類別 | tree
    raw | 原材料 | Raw materials | 原材料
      raw.steel | 钢材 | Steel | 鋼材
      raw.chemical | 化工原料 | Chemicals | 化工原料
    office | 办公用品 | Office supplies | 辦公用品
    service | 服务 | Services | 服務
  currency | 币种 | Currencies | 幣別
    CNY | 人民币 | Renminbi | 人民幣
    USD | 美元 | US dollar | 美元
  noticeType | 公告类型 | Notice types | 公告類型
    general | 通知 | Notice | 通知
    policy | 制度 | Policy | 制度
    tender | 招标 | Tender | 招標
    holiday | 放假安排 | Holiday | 放假安排
  qualificationType | 资质类型 | Qualification types | 資質類型
    license | 营业执照 | Business licence | 營業執照
    iso9001 | ISO 9001 质量体系 | ISO 9001 quality | ISO 9001 品質體系
    iso14001 | ISO 14001 环境体系 | ISO 14001 environment | ISO 14001 環境體系
    production | 生产许可证 | Production permit | 生產許可證
  companyType | 企业类型 | Company types | 企業類型
    soe | 国有企业 | State-owned | 國有企業
    private | 民营企业 | Private | 民營企業
    foreign | 外资企业 | Foreign-invested | 外資企業
    jv | 合资企业 | Joint venture | 合資企業
  flowCategory | 流程分类 | Flow categories | 流程分類
    supplier | 供应商管理 | Supplier management | 供應商管理
    purchase | 采购管理 | Purchasing | 採購管理
    hr | 人事管理 | Human resources | 人事管理
  leaveType | 请假类型 | Leave types | 請假類型
    annual | 年假 | Annual leave | 年假
    sick | 病假 | Sick leave | 病假
    personal | 事假 | Personal leave | 事假
    marriage | 婚假 | Marriage leave | 婚假
`;

/** The table read into categories → types → items (a malformed line stops the start-up seed loudly). */
function readTable(table: string): { code: string; names: Names; types: TypeSeed[] }[] {
  const categories: { code: string; names: Names; types: TypeSeed[] }[] = [];
  // The items of the open type by depth: depth 0 is the type's own list.
  let levels: ItemSeed[][] = [];
  for (const line of table.split('\n').filter((l) => l.trim())) {
    const depth = (line.length - line.trimStart().length) / 2;
    const cells = line.trim().split(' | ');
    const category = categories.at(-1);
    const names: Names = [cells[1]!, cells[2]!, cells[3]!];
    if (depth <= 1 && !names.every(Boolean)) throw new Error(`bad dictionary seed line: ${line}`);
    if (depth === 0) categories.push({ code: cells[0]!, names, types: [] });
    else if (depth === 1 && category) {
      const type: TypeSeed = {
        code: cells[0]!,
        names,
        scope: category.code as TypeSeed['scope'],
        isTree: cells[4] === 'tree',
        items: [],
      };
      category.types.push(type);
      levels = [type.items];
    } else if (cells.length === 4 && levels[depth - 2]) {
      const item: ItemSeed = [cells[0]!, cells[1]!, cells[2]!, cells[3]!, []];
      levels[depth - 2]!.push(item);
      levels[depth - 1] = item[4]!;
      levels.length = depth;
    } else throw new Error(`bad dictionary seed line: ${line}`);
  }
  return categories;
}

export const DEMO_DICTIONARIES = readTable(DICTIONARY_TABLE);

export async function seedDictionaries(tx: Transaction<Database>, tenantId: string): Promise<void> {
  for (const [ci, category] of DEMO_DICTIONARIES.entries()) {
    const { id: categoryId } = await tx
      .insertInto('sys_dict_category')
      .values({
        tenant_id: tenantId,
        en_code: category.code,
        full_name: category.names[0],
        full_name_en: category.names[1],
        full_name_tw: category.names[2],
        order_num: ci + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [ti, type] of category.types.entries()) {
      const { id: typeId } = await tx
        .insertInto('sys_dict_type')
        .values({
          tenant_id: tenantId,
          category_id: categoryId,
          en_code: type.code,
          full_name: type.names[0],
          full_name_en: type.names[1],
          full_name_tw: type.names[2],
          scope: type.scope,
          is_tree: type.isTree ?? false,
          is_conf: true,
          order_num: ti + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const insert = async (items: ItemSeed[], parentId: string) => {
        for (const [ii, [code, zh, en, tw, children]] of items.entries()) {
          const { id } = await tx
            .insertInto('sys_dict_item')
            .values({
              tenant_id: tenantId,
              type_id: typeId,
              parent_id: parentId,
              en_code: code,
              full_name: zh,
              full_name_en: en,
              full_name_tw: tw,
              order_num: ii + 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (children?.length) await insert(children, String(id));
        }
      };
      await insert(type.items, '0');
    }
  }
}

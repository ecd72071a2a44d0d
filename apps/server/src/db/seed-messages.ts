import type { Transaction } from 'kysely';
import type { Database } from './types';

/** A few internal messages so the bell and the message centre have something to show. */
export async function seedMessages(
  tx: Transaction<Database>,
  tenantId: string,
  users: { admin: string; buyer: string },
): Promise<void> {
  const hour = 3_600_000;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
  await tx
    .insertInto('sys_message')
    .values([
      {
        tenant_id: tenantId,
        user_id: users.admin,
        type: 4,
        menu_title: '新供应商注册待审核：示例供应商有限公司',
        body_text: '供应商“示例供应商有限公司”提交了注册资料，请尽快审核。',
        url: '/permission/user',
        bill_id: '0',
        creator_name: '系统',
        created_at: at(2),
      },
      {
        tenant_id: tenantId,
        user_id: users.admin,
        type: 1,
        menu_title: '系统将于本周六 22:00 维护',
        body_text: '维护期间系统不可用，预计 1 小时。',
        url: '/home',
        bill_id: '0',
        creator_name: '系统',
        created_at: at(30),
        read_at: at(29),
      },
      {
        tenant_id: tenantId,
        user_id: users.buyer,
        type: 2,
        menu_title: '采购申请 PR-2026-0012 待您审批',
        body_text: '申请人：华东采购部；金额：¥ 12,800.00。',
        url: '/workflow/flowTodo',
        bill_id: '12',
        creator_name: '系统管理员',
        created_at: at(1),
      },
    ])
    .execute();
}

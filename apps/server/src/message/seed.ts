import type { Transaction } from 'kysely';
import type { Database } from '../db/types';

/**
 * A few internal messages so the bell and the message centre have something to show. Demo data
 * shows only what works: each message is a system message that opens a screen every user has
 * (home, profile); later domains seed their own messages with their screens.
 */
export async function seedMessages(
  tx: Transaction<Database>,
  tenantId: string,
  users: { admin: string; buyer: string },
): Promise<void> {
  const hour = 3_600_000;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
  const passwordNotice = {
    tenant_id: tenantId,
    type: 1,
    menu_title: '请修改初始密码',
    body_text: '您的账号仍在使用初始密码。为了账号安全，请在个人中心的“修改密码”中设置新密码。',
    url: '/profile',
    bill_id: '0',
    creator_name: '系统',
  };
  await tx
    .insertInto('sys_message')
    .values([
      { ...passwordNotice, user_id: users.admin, created_at: at(2) },
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
      { ...passwordNotice, user_id: users.buyer, created_at: at(1) },
    ])
    .execute();
}

import { DICT_PAGE_BUTTON_NAMES, DICT_PAGE_BUTTONS } from '@srm/contracts';
import type { FastifyInstance } from 'fastify';
import type { Cluster } from '../core/cluster';
import { registerMenuModule } from '../core/menu-modules';
import { signedIn } from '../core/scope';
import { activityLogRoutes } from './activity-log-routes';
import { areaPublicRoutes, areaRoutes } from './area/index';
import { backupRoutes } from './backup/index';
import { billRuleRoutes } from './bill-rule/index';
import { cachePlugin } from './cache/index';
import { dictionaryPageRoutes, dictionaryRoutes, startupRoutes } from './dictionary/index';
import { languageRoutes } from './language/index';
import { systemPublicRoutes, systemRoutes } from './log-routes';
import { menuRoutes } from './menu-routes';
import { monitorPlugin } from './monitor/index';
import { sysConfigPublicRoutes, sysConfigRoutes } from './sys-config/index';
import { taskJobPlugin, taskRoutes } from './task/index';
import { wechatCallbackRoutes, wechatRoutes } from './wechat-routes';

/**
 * System: health, settings, logs, the menu editor, the WeChat binding, and the system-data
 * features (dictionaries, settings, document numbers, tasks, backups, areas, language, caches,
 * the monitor). `cluster` reaches every server process (cache clears, the process list).
 */
export async function systemDomain(app: FastifyInstance, options: { cluster: Cluster }): Promise<void> {
  // A dictionary page (menu type 4) opens one dictionary type of the tenant; its buttons are the
  // menu's `.add`, `.edit` (enabling and disabling too) and `.delete` (dictionary/page-routes.ts).
  registerMenuModule(4, {
    exists: async (db, tenantId, id) =>
      Boolean(
        await db
          .selectFrom('sys_dict_type')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .executeTakeFirst(),
      ),
    items: async () => ({
      button: DICT_PAGE_BUTTONS.map((suffix) => ({ suffix, name: DICT_PAGE_BUTTON_NAMES[suffix] })),
      column: [],
    }),
  });
  // Public: health and client errors, the WeChat callback, the sign-in page's texts, the forms' area reads.
  await app.register(systemPublicRoutes);
  await app.register(wechatCallbackRoutes);
  await app.register(sysConfigPublicRoutes);
  await app.register(areaPublicRoutes);
  await app.register(
    signedIn(
      systemRoutes,
      activityLogRoutes,
      menuRoutes,
      wechatRoutes,
      dictionaryRoutes,
      dictionaryPageRoutes,
      startupRoutes,
      areaRoutes,
      languageRoutes,
      sysConfigRoutes,
      billRuleRoutes,
      taskRoutes,
      backupRoutes,
    ),
  );
  // The runner's task job; the cache and monitor screens (their signed-in routes need a per-process service).
  await app.register(taskJobPlugin);
  await app.register(cachePlugin(options.cluster));
  await app.register(monitorPlugin(options.cluster));
}

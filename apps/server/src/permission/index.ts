import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { authorizeRoutes } from './authorize-routes';
import { filterRoutes } from './filter-routes';
import { onlineRoutes } from './online-routes';
// Registers the user writes of folders before this one (core/user-writes.ts) when it loads.
import './owned-writes';
import { currentUserRoutes } from './current-user-routes';
import { roleRoutes } from './role-routes';
import { subordinateRoutes } from './subordinate-routes';
import { userRoutes } from './user-routes';

// What other domains call: users, grants and positions are written here alone
// (test/unit/table-owners.test.ts).
export { insertEntUser, insertProvisionedUser, setUserPassword, updateUserFields } from './owned-writes';

/** Users, roles, grants, online users, subordinates and the signed-in user's own data. */
export async function permissionDomain(app: FastifyInstance): Promise<void> {
  await app.register(
    signedIn(
      currentUserRoutes,
      userRoutes,
      roleRoutes,
      filterRoutes,
      authorizeRoutes,
      onlineRoutes,
      subordinateRoutes,
    ),
  );
}

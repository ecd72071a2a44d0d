// The zod-free part of online-schemas.ts (shared by the web without zod).

/** Online users (permission → userOnline): live sessions of the tenant and force offline. */
export const OnlinePerm = {
  page: 'permission.userOnline',
  forceOffline: 'permission.userOnline.forceOffline',
} as const;

export const OnlineApi = {
  /** GET paged live sessions; DELETE `${list}/{sessionId}` forces one offline. */
  list: '/api/permission/OnlineUser',
  /** POST { ids: sessionIds } forces several offline in one go. */
  forceOffline: '/api/permission/OnlineUser/Actions/ForceOffline',
} as const;

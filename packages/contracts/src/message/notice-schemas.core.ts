// The zod-free part of notice-schemas.ts (shared by the web without zod).

/** Announcements (docs/rules.md#announcements): written and released by administrators, read by their audience. */
export const NoticePerm = {
  page: 'system.notice',
  add: 'system.notice.add',
  edit: 'system.notice.edit',
  delete: 'system.notice.delete',
  release: 'system.notice.release',
} as const;

export const NoticeApi = {
  /** GET paged; POST create; GET/PUT/DELETE `${admin}/{id}`; PUT `${admin}/{id}/Actions/Release|Withdraw`. */
  admin: '/api/system/Notice',
  /** GET: the tenant's enterprises, for choosing an audience of chosen enterprises. */
  ents: '/api/system/Notice/Ents',
  /** GET: the signed-in user's unread released announcements, oldest first (isRead 0). */
  unread: '/api/message/Notice/Unread',
  /** GET: the signed-in user's latest released announcements, read or not, newest first (10). */
  mine: '/api/message/Notice/Mine',
  /** PUT `${read}/{id}`: marks one read (the forced dialog's 我知道了). */
  read: '/api/message/Notice/Read',
} as const;

export const NOTICE_AUDIENCES = ['staff', 'vendors', 'ents'] as const;
export const NOTICE_STATES = ['draft', 'released', 'withdrawn'] as const;

// The zod-free part of subordinate-schemas.ts (shared by the web without zod).

/** GET /api/permission/Users/Current/Subordinate: the people of the departments the user manages. */
export const SubordinateApi = {
  current: '/api/permission/Users/Current/Subordinate',
} as const;

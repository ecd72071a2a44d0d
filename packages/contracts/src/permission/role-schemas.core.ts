// The zod-free part of role-schemas.ts (shared by the web without zod).

/**
 * Most users one pick may hold: the user tree (`Users/All`) offers at most this many, and checking a
 * whole company there must fit in one addUsers call.
 */
export const USER_PICK_MAX = 5000;

/** Unread announcements for vendor users, one at a time, closed only by 我知道了 (spec §4). */
export function ForcedNoticeDialog() {
  return null;
}

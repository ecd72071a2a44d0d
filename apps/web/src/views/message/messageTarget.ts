import type { MessageItem } from '@srm/contracts/core';

/**
 * Where clicking a message goes (docs/rules.md#shell): billId "0" → its url; otherwise /pageLink with the
 * form address and the bill id. A message without a url (an announcement) opens its detail in the
 * message centre.
 */
export function messageTarget(item: Pick<MessageItem, 'id' | 'url' | 'billId'>): string {
  if (item.billId && item.billId !== '0') {
    return `/pageLink?${new URLSearchParams({ formUrl: item.url, id: item.billId })}`;
  }
  if (item.url) return item.url.startsWith('/') ? item.url : `/${item.url}`;
  return `/messageRecord?id=${encodeURIComponent(item.id)}`;
}

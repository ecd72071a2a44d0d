import { API } from '@srm/contracts/core';
import { StorageKey, storage } from './storage';

/**
 * The address of a user's head icon. Uploaded images are served only to a signed-in user, and an
 * <img> cannot send headers, so our own image routes get the token as a query parameter.
 */
export function avatarUrl(headIcon: string | null | undefined): string | undefined {
  if (!headIcon) return undefined;
  if (/^(https?:|data:|blob:)/.test(headIcon)) return headIcon;
  const path = headIcon.startsWith('/') ? headIcon : API.image('userAvatar', headIcon);
  if (!path.startsWith('/api/file/Image/')) return path;
  const token = storage.get<string>(StorageKey.token);
  return token ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : path;
}

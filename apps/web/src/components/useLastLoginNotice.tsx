import { type CurrentUser, formatDate } from '@srm/contracts/core';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useJustLoggedIn } from '../store/shellData';

/** Last-login notice duration, seconds (2000 ms, docs/rules.md#constants). */
export const LAST_LOGIN_NOTICE_SECONDS = 2;

/**
 * The notice's lines, or null when there is nothing to tell (no previous sign-in). The place comes
 * as a kind (`local`, `lan`), named in the reader's language, or as a place name.
 */
export function lastLoginLines(
  user: Pick<
    CurrentUser,
    'prevLogin' | 'prevLoginTime' | 'prevLoginIPAddress' | 'prevLoginIPAddressName'
  > | null,
  t: TFunction,
): { time: string; place: string; ip: string } | null {
  if (user?.prevLogin !== 1) return null;
  const place = user.prevLoginIPAddressName;
  return {
    time: user.prevLoginTime ? formatDate(user.prevLoginTime) : '-',
    place: place === 'local' || place === 'lan' ? t(`common:ipPlace.${place}`) : place || '-',
    ip: user.prevLoginIPAddress || '-',
  };
}

/** After arriving from login, shows the previous sign-in once, bottom right, for 2 s (docs/rules.md#shell). */
export function useLastLoginNotice() {
  const { t } = useTranslation('layout');
  const { notification } = App.useApp();
  const user = useCurrentUser();
  const [justLoggedIn, clear] = useJustLoggedIn();

  useEffect(() => {
    if (!justLoggedIn || !user) return;
    clear();
    const lines = lastLoginLines(user, t);
    if (!lines) return;
    notification.info({
      key: 'last-login',
      placement: 'bottomRight',
      duration: LAST_LOGIN_NOTICE_SECONDS,
      title: t('lastLogin.title'),
      description: (
        <div data-testid="last-login-notice">
          <div>{t('lastLogin.time', { value: lines.time })}</div>
          <div>{t('lastLogin.place', { value: lines.place })}</div>
          <div>{t('lastLogin.ip', { value: lines.ip })}</div>
        </div>
      ),
    });
  }, [justLoggedIn, user, clear, notification, t]);
}

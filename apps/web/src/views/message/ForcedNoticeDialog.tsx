import type { UnreadNotice } from '@srm/contracts/core';
import { Button, Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../store/shellData';
import { onFrame, useSocketStore } from '../../store/socket';
import { messageApi } from './api';

/** Vendor users (entType 2) get announcements (docs/rules.md#announcements). */
const VENDOR_ENT_TYPE = 2;

/**
 * Unread announcements for vendor users, one at a time, in a dialog that only 我知道了 closes
 * (docs/rules.md#announcements): no close icon, no Escape, no mask click. Each click marks one read, then the next shows.
 */
export function ForcedNoticeDialog() {
  const { t } = useTranslation('message');
  const user = useCurrentUser();
  const setCounts = useSocketStore((s) => s.setCounts);
  const [queue, setQueue] = useState<UnreadNotice[]>([]);
  const [busy, setBusy] = useState(false);
  const vendor = user?.ent?.entType === VENDOR_ENT_TYPE;

  const load = useCallback(async () => {
    const data = await messageApi.unreadNotices().catch(() => ({ list: [] }));
    setQueue(data.list);
  }, []);

  useEffect(() => {
    if (!vendor) return;
    void load();
    // A release while signed in shows at once.
    return onFrame('messagePush', (frame) => {
      if (frame.unreadNoticeCount > 0) void load();
    });
  }, [vendor, load]);

  const current = queue[0];
  const acknowledge = async () => {
    if (!current) return;
    setBusy(true);
    try {
      const counts = await messageApi.acknowledgeNotice(current.id);
      setCounts({ unreadNoticeCount: counts.unreadNoticeCount });
      setQueue((q) => q.filter((n) => n.id !== current.id));
    } finally {
      setBusy(false);
    }
  };

  if (!vendor || !current) return null;
  return (
    <Modal
      open
      title={<span data-testid="notice-title">{current.noticeTitle}</span>}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={640}
      centered
      footer={
        <Button type="primary" loading={busy} onClick={() => void acknowledge()} data-testid="notice-ack">
          {t('noticeAck')}
        </Button>
      }
    >
      {queue.length > 1 && (
        <div className="srm-notice-count">{t('noticeRemaining', { count: queue.length })}</div>
      )}
      <div
        className="srm-notice-body"
        data-testid="notice-body"
        // The server sanitises announcement HTML on save and again when it is read.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server
        dangerouslySetInnerHTML={{ __html: current.noticeBody }}
      />
    </Modal>
  );
}

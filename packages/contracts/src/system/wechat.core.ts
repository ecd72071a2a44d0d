// The zod-free part of wechat.ts (shared by the web without zod).

/**
 * WeChat official account (公众号): a staff member binds their account by scanning a temporary
 * QR code created for them (`getWxQrCode`, docs/rules.md#wechat-binding); WeChat then calls the server's
 * callback with the scan event, which stores the binding. The server is configured by the
 * deployment (`WECHAT_MP_APP_ID`, `WECHAT_MP_APP_SECRET`, `WECHAT_MP_TOKEN`); without it the feature
 * is off and the current-user answer says so (`wxBindEnabled`).
 */
export const WechatApi = {
  /** GET: envelope data is the ticket of a new temporary QR code naming the caller. */
  qrCode: '/api/sys/wxUser/getWxQrCode',
  /** Public, called by WeChat's servers (signed with the token): GET verifies the URL, POST brings events. */
  callback: '/api/sys/wxUser/callback',
  /** GET: whether the caller's account is bound (`WxBindState`). */
  bindState: '/api/sys/wxUser/bindState',
  /** DELETE: unbinds the caller's account. */
  bind: '/api/sys/wxUser/bind',
} as const;

/** How long a bind QR code stays valid, in seconds. */
export const WX_QR_EXPIRE_SECONDS = 600;

/** Where WeChat serves the image of a QR code ticket. */
export const WX_QR_IMAGE_BASE = 'https://mp.weixin.qq.com/cgi-bin/showqrcode';

/** The origin of the QR images (the server allows it in the Content-Security-Policy). */
export const WX_QR_IMAGE_ORIGIN = new URL(WX_QR_IMAGE_BASE).origin;

/** The address of the QR image of a ticket (the ticket URL-encoded, as WeChat requires). */
export function wxQrImageUrl(ticket: string): string {
  return `${WX_QR_IMAGE_BASE}?ticket=${encodeURIComponent(ticket)}`;
}

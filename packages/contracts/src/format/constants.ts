/**
 * Business constants and limits (docs/rules.md#constants), in one place so the server and the web app cannot drift apart.
 * Units are in the names: _MS milliseconds, _PX CSS pixels, _BYTES bytes.
 */

/** Chat image upload limit (5 MB). A file must be strictly smaller ("under 5 MB", docs/rules.md#chat). */
export const UPLOAD_IMAGE_MAX_BYTES = 5_242_880;

export const LIMITS = {
  UPLOAD_IMAGE_MAX_BYTES,

  /** Message list, message drawer and chat contact list. */
  PAGE_SIZE: 20,
  /** History shown in the chat drawer (socket MessageList, sord desc). */
  CHAT_DRAWER_HISTORY_PAGE_SIZE: 30,
  /** History in the chat panel (socket MessageList, sord asc). */
  CHAT_PANEL_HISTORY_PAGE_SIZE: 50,
  /** The chat panel loads the next history page within this distance of the bottom. */
  CHAT_HISTORY_SCROLL_THRESHOLD_PX: 100,
  /** The contact list loads more within this distance of the bottom. */
  CONTACT_SCROLL_THRESHOLD_PX: 300,

  /** Error toast (body code other than 0). */
  TOAST_MS: 3000,
  /** Success toast, e.g. 'Copy succeeded'. */
  SUCCESS_TOAST_MS: 1500,
  /** Plain message display, e.g. an upload error. */
  MESSAGE_DISPLAY_MS: 1500,
  /** Previous-login notification after sign-in. */
  LAST_LOGIN_NOTICE_MS: 2000,
  /** Start-up failure: error shown this long, then token cleared and redirect to /login. */
  ERROR_REDIRECT_DELAY_MS: 1500,
  /** HTTP 500 with body code 401: session reset after this delay. */
  SESSION_RESET_DELAY_MS: 1500,

  /** Below this viewport width the device is mobile and the sidebar collapses. */
  MOBILE_BREAKPOINT_PX: 992,
  /** Available top-menu width divided by this gives the visible item count. */
  TOP_MENU_ITEM_WIDTH_PX: 116,
  /** Prev/next tab scroll buttons appear when more tabs than this are open. */
  TAB_SCROLL_THRESHOLD: 7,
  TAB_CONTEXT_MENU_WIDTH_PX: 105,
  SIDEBAR_WIDTH_PX: 230,
  /** Message and chat drawers. */
  DRAWER_WIDTH_PX: 280,

  PASSWORD_MIN_LENGTH: 6,
  PASSWORD_MAX_LENGTH: 16,
  /** Durations are whole numbers or multiples of this. */
  DURATION_STEP: 0.5,

  /** Emoji images are numbered FIRST..LAST: gif up to GIF_LAST, png after. */
  EMOJI_FIRST: 100,
  EMOJI_GIF_LAST: 199,
  EMOJI_LAST: 219,
} as const;

export type Limits = typeof LIMITS;

/** The top bar's message bell and its drawer (spec §2.4 站内消息). */
export function MessageBell() {
  return null;
}

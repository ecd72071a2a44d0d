/** The top bar's chat entry and the chat drawer and panel (spec §2.4 内部聊天). */
export function ChatEntry() {
  return null;
}

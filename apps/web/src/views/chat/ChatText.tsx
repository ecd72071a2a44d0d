import { parseChatText } from './chatModel';
import { emojiUrl } from './emoji';

/** Message text with emoji codes in square brackets shown as their images (docs/rules.md#chat). */
export function ChatText({ text }: { text: string }) {
  return (
    <>
      {parseChatText(text).map((part, i) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <span key={i}>{part.text}</span>
        ) : (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
            key={i}
            className="srm-chat-emoji"
            src={emojiUrl(part.code)}
            alt={`[${part.code}]`}
            data-testid="chat-emoji-image"
            draggable={false}
          />
        ),
      )}
    </>
  );
}

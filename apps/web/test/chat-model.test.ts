import { describe, expect, it } from 'vitest';
import {
  EMOJI_CODEPOINTS,
  EMOJI_FIRST,
  EMOJI_LAST,
  imageOf,
  mergeMessages,
  outgoingText,
  parseChatText,
} from '../src/views/chat/chatModel';
import { messageTarget } from '../src/views/message/messageTarget';

describe('chat text', () => {
  it('turns known emoji codes into images and leaves the rest as text', () => {
    expect(parseChatText('好的[101]明天见[219]')).toEqual([
      { kind: 'text', text: '好的' },
      { kind: 'emoji', code: 101 },
      { kind: 'text', text: '明天见' },
      { kind: 'emoji', code: 219 },
    ]);
    // Outside 100-219, or not three digits: plain text.
    expect(parseChatText('[099][220][1000][abc]')).toEqual([{ kind: 'text', text: '[099][220][1000][abc]' }]);
    expect(parseChatText('[100][100]')).toEqual([
      { kind: 'emoji', code: 100 },
      { kind: 'emoji', code: 100 },
    ]);
  });

  it('has 120 distinct images for the codes 100-219', () => {
    expect(EMOJI_FIRST).toBe(100);
    expect(EMOJI_LAST).toBe(219);
    expect(new Set(EMOJI_CODEPOINTS).size).toBe(120);
  });

  it('sends trimmed text and never an empty message', () => {
    expect(outgoingText('  你好  ')).toBe('你好');
    expect(outgoingText(' \n\t ')).toBeNull();
    expect(outgoingText('')).toBeNull();
  });

  it('merges pages and live messages oldest first without duplicates', () => {
    const m = (id: string) => ({ id, content: id });
    const current = [m('5'), m('6')];
    const older = [m('3'), m('4'), m('5')];
    const live = [m('7'), m('6')];
    expect(mergeMessages(mergeMessages(current, older), live).map((x) => x.id)).toEqual([
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    // Ids compare as numbers, not strings.
    expect(mergeMessages([m('10')], [m('9')]).map((x) => x.id)).toEqual(['9', '10']);
  });

  it('reads image content and refuses anything else', () => {
    expect(imageOf('{"path":"/api/file/Image/IM/a.png","name":"a.png","width":2,"height":3}')).toEqual({
      path: '/api/file/Image/IM/a.png',
      name: 'a.png',
      width: 2,
      height: 3,
    });
    expect(imageOf('hello')).toBeNull();
    expect(imageOf('{"name":"x"}')).toBeNull();
  });
});

describe('message target', () => {
  it('opens the path for billId 0, /pageLink for a bill, the detail when there is no url', () => {
    expect(messageTarget({ id: '1', url: '/workFlow/flowTodo', billId: '0' })).toBe('/workFlow/flowTodo');
    expect(messageTarget({ id: '2', url: 'purchase/order/Form', billId: '88' })).toBe(
      '/pageLink?formUrl=purchase%2Forder%2FForm&id=88',
    );
    expect(messageTarget({ id: '3', url: '', billId: '0' })).toBe('/messageRecord?id=3');
  });
});

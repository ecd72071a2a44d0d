import { describe, expect, it } from 'vitest';
import { isNewerView, roundStateOf, timeLeft } from '../src/views/procurement/rfq/live';

/**
 * A live auction's frames on screen (views/procurement/rfq/live.tsx): the HTTP answer and the
 * socket's frames land in one place, and a slower answer of an older standing never undoes a newer
 * one; the countdown runs by the server's clock and stands still while suspended.
 */
const view = (over: Partial<Parameters<typeof isNewerView>[1]> = {}) => ({
  rfqId: '1',
  round: 1,
  state: 'open' as const,
  deadline: 100_000,
  serverNow: 40_000,
  seq: 3,
  ...over,
});

describe('which live view is shown', () => {
  it('takes the first, more bids, a later round', () => {
    expect(isNewerView(undefined, view())).toBe(true);
    expect(isNewerView(view(), view({ seq: 4 }))).toBe(true);
    expect(isNewerView(view({ seq: 9 }), view({ round: 2, seq: 0 }))).toBe(true);
    expect(isNewerView(view(), view({ rfqId: '2', seq: 0 }))).toBe(true);
  });

  it('keeps the newer against fewer bids or an earlier round', () => {
    expect(isNewerView(view({ seq: 4 }), view({ seq: 3, serverNow: 50_000 }))).toBe(false);
    expect(isNewerView(view({ round: 2, seq: 0 }), view({ round: 1, seq: 9 }))).toBe(false);
  });

  it('takes the same bids seen later (suspended, closed), never an older answer of them', () => {
    expect(isNewerView(view(), view({ state: 'suspended', serverNow: 41_000 }))).toBe(true);
    expect(isNewerView(view({ state: 'suspended', serverNow: 41_000 }), view({ serverNow: 40_500 }))).toBe(
      false,
    );
  });
});

describe('the time left', () => {
  it('counts by the server clock, stands still while suspended, none once closed', () => {
    // This clock is 10 s behind the server's.
    expect(timeLeft(view(), 30_000, 10_000)).toBe(60_000);
    expect(timeLeft(view(), 95_000, 10_000)).toBe(0);
    expect(timeLeft(view({ state: 'suspended', deadline: 70_000 }), 99_000, 0)).toBe(30_000);
    expect(timeLeft(view({ state: 'closed' }), 0, 0)).toBeNull();
  });

  it('reads a request as a round: open, suspended, or closed by its state or clock', () => {
    const ahead = Date.now() + 60_000;
    expect(roundStateOf({ state: 'open', deadline: ahead, suspended: false })).toBe('open');
    expect(roundStateOf({ state: 'open', deadline: Date.now() - 1, suspended: true })).toBe('suspended');
    expect(roundStateOf({ state: 'open', deadline: Date.now() - 1, suspended: false })).toBe('closed');
    expect(roundStateOf({ state: 'awarded', deadline: ahead, suspended: false })).toBe('closed');
  });
});

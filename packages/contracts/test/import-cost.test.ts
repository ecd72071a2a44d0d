import { afterEach, describe, expect, it, vi } from 'vitest';

// Building the first Intl.DateTimeFormat with a time zone loads the engine's zone data: about
// 50 ms on a phone, paid by every page at start when a module builds one on import.
describe('importing contracts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('builds no date formatter until one is used (the sign-in page imports the core entry)', async () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const core = await import('../src/core');
    await import('../src/index');
    expect(built).not.toHaveBeenCalled();

    // The bill rules' formatter is built on first use and then kept.
    const rule = {
      prefix: 'PO',
      dateFormat: 'yyyyMMdd',
      digits: 4,
      startNumber: 1,
      step: 1,
      resetCycle: 'daily',
    } as const;
    const at = new Date(Date.UTC(2026, 0, 31, 16, 30)); // 2026-02-01 00:30 in Shanghai
    expect(core.formatBillNo(rule, at, 7)).toBe('PO202602010007');
    expect(core.formatBillNo(rule, at, 8)).toBe('PO202602010008');
    expect(built).toHaveBeenCalledTimes(1);
  });
});

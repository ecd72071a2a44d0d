import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const tickShape = path.resolve(__dirname, '../../src/core/tick-shape.ts');

/**
 * In a Node process of its own (V8's own view of `nextTick`'s inline caches needs
 * --allow-natives-syntax): a few ticks, then full collections with no tick record alive, as the
 * server's start-up has, then ticks again. Answers the state of the five property definitions
 * of Node's tick record literal, e.g. "MONOMORPHIC MONOMORPHIC …".
 */
function tickLiteralStateAfterCollections(hold: boolean): string {
  const script = `
    import { holdTickRecordShape } from ${JSON.stringify(tickShape)};
    if (${hold}) holdTickRecordShape();
    const noop = () => {};
    const ticks = async (n) => { for (let i = 0; i < n; i++) { process.nextTick(noop); await new Promise((r) => setImmediate(r)); } };
    await ticks(20);
    for (let i = 0; i < 8; i++) { gc(); await new Promise((r) => setTimeout(r, 5)); }
    await ticks(3);
    const feedback = %GetFeedback(process.nextTick) ?? [];
    console.log(feedback.filter((slot) => slot?.[0] === 'DefineKeyedOwnPropertyInLiteral').map((slot) => String(slot[1]).split('\\n')[0]).join(' '));
  `;
  return execFileSync(
    process.execPath,
    [
      // Node 22 reads the TypeScript module only with the flag (24 strips types by default).
      ...(process.features.typescript ? [] : ['--experimental-strip-types']),
      '--allow-natives-syntax',
      '--expose-gc',
      '--input-type=module',
      '--eval',
      script,
    ],
    { encoding: 'utf8' },
  ).trim();
}

describe("Node's next-tick records keep their shape (core/tick-shape.ts)", () => {
  it('without the held record, the collections leave the literal megamorphic (what the hold prevents)', () => {
    // If a Node release stops doing this, the hold is no longer needed: this case says so.
    expect(tickLiteralStateAfterCollections(false)).toMatch(/MEGAMORPHIC/);
  });

  it('with it, every definition stays monomorphic through the collections', () => {
    expect(tickLiteralStateAfterCollections(true)).toBe(Array(5).fill('MONOMORPHIC').join(' '));
  });
});

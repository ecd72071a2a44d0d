import { describe, expect, it } from 'vitest';
import { checkRule, creditCodeCheckChar, isCreditCode, translateIssue, zCreditCode } from '../src/index';

/**
 * The unified social credit code (GB 32100-2015): 18 characters from 0-9 and the capitals without
 * I, O, S, V, Z; the last is a check character over the first 17 (weights 3^i mod 31). Lower case
 * is normalised, not refused: people type codes from paper licences, and the letters are the same.
 */
const REAL = [
  '91350100M000100Y43',
  '91110000802100433B',
  '91440300708461136T',
  '91310000717866186P',
  // Public institution (1 = institutions' registration authority) and a social organisation (5).
  '12100000400000624D',
  '51100000500000033K',
  // A check character of 0 (the weighted sum a multiple of 31).
  '914403007084610150',
];
const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

describe('unified social credit code', () => {
  it.each(REAL)('accepts %s', (code) => {
    expect(isCreditCode(code)).toBe(true);
    expect(checkRule('creditCode', code)).toBeNull();
  });

  it('refuses every other check character of each valid code', () => {
    for (const code of REAL) {
      const body = code.slice(0, 17);
      expect(creditCodeCheckChar(body)).toBe(code[17]);
      for (const c of CHARS) if (c !== code[17]) expect(isCreditCode(body + c), body + c).toBe(false);
    }
  });

  it.each([
    ['91350100M000100Y4', 'one short'],
    ['91350100M000100Y433', 'one long'],
    ['9135010', 'far too short'],
    [' 91350100M000100Y43', 'a space is a character too for the predicate'],
  ])('refuses a wrong length: %j (%s)', (code) => {
    expect(isCreditCode(code)).toBe(false);
    expect(checkRule('creditCode', code)).toBe('validation.creditCode');
  });

  it('normalises lower case to the canonical upper-case code', () => {
    expect(isCreditCode('91110000802100433b')).toBe(true);
    expect(zCreditCode().parse('91110000802100433b')).toBe('91110000802100433B');
    expect(zCreditCode().parse('  91310000717866186p ')).toBe('91310000717866186P');
    // Upper-casing never lets in a letter outside the set: o, i, s, v, z stay refused.
    for (const letter of 'oisvz') expect(isCreditCode(`91350100${letter}000100Y43`)).toBe(false);
  });

  it('answers a wrong code with the translated field message', () => {
    const result = zCreditCode().safeParse('91350100M000100Y44');
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue && translateIssue(issue, 'en-US')).toBe('Please enter a valid unified social credit code');
    expect(issue && translateIssue(issue, 'zh-CN')).toBe('请输入正确的统一社会信用代码');
  });
});

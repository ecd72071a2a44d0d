import { describe, expect, it } from 'vitest';
import {
  type BillNumberFormat,
  billNoExample,
  billPeriod,
  billRuleBodySchema,
  billSequenceValue,
  formatBillNo,
  PASSWORD_CLASSES,
  type PasswordRule,
  parseSysConfig,
  passwordProblems,
  passwordProblemText,
  passwordRuleText,
  SYS_CONFIG_DEFAULTS,
  sysConfigGroupSchemas,
} from '../src/index';

const rule = (over: Partial<BillNumberFormat> = {}): BillNumberFormat => ({
  prefix: 'PR',
  dateFormat: 'yyyyMMdd',
  digits: 4,
  startNumber: 1,
  step: 1,
  resetCycle: 'daily',
  ...over,
});

/** A fake clock: instants given in China's time (UTC+8), the rules' calendar. */
const china = (local: string) => new Date(`${local}+08:00`);

describe('bill-rule formatting', () => {
  it('writes prefix, date part and the zero-padded sequence', () => {
    const at = china('2026-03-05T10:00:00');
    expect(formatBillNo(rule(), at, 7)).toBe('PR202603050007');
    expect(formatBillNo(rule({ dateFormat: 'yyyyMM' }), at, 7)).toBe('PR2026030007');
    expect(formatBillNo(rule({ dateFormat: 'yyyy' }), at, 7)).toBe('PR20260007');
    expect(formatBillNo(rule({ dateFormat: 'none', prefix: 'SUP', digits: 6 }), at, 42)).toBe('SUP000042');
    expect(formatBillNo(rule({ prefix: '', dateFormat: 'none' }), at, 3)).toBe('0003');
  });

  it('writes a sequence that outgrew its digits whole rather than cutting it', () => {
    expect(formatBillNo(rule({ dateFormat: 'none', digits: 2 }), new Date(), 12345)).toBe('PR12345');
  });

  it('counts from start by step; the live example is the first number', () => {
    expect(billSequenceValue({ startNumber: 100, step: 10 }, 1)).toBe(100);
    expect(billSequenceValue({ startNumber: 100, step: 10 }, 4)).toBe(130);
    expect(billNoExample(rule({ startNumber: 500, step: 5 }), china('2026-01-02T00:00:00'))).toBe(
      'PR202601020500',
    );
  });

  it('uses the calendar of China, not UTC, for the date part', () => {
    // 2026-12-31 16:30 UTC is already 2027-01-01 in China.
    expect(formatBillNo(rule(), new Date('2026-12-31T16:30:00Z'), 1)).toBe('PR202701010001');
  });
});

describe('bill-rule reset cycles across day, month and year ends', () => {
  const boundaries = [
    ['2026-03-05T23:59:59', '2026-03-06T00:00:00'], // day
    ['2026-03-31T23:59:59', '2026-04-01T00:00:00'], // month
    ['2026-12-31T23:59:59', '2027-01-01T00:00:00'], // year
    ['2028-02-28T23:59:59', '2028-02-29T00:00:00'], // leap day
  ] as const;

  it('daily: a new period at every midnight', () => {
    for (const [before, after] of boundaries) {
      expect(billPeriod('daily', china(before))).not.toBe(billPeriod('daily', china(after)));
    }
    expect(billPeriod('daily', china('2026-03-05T00:00:00'))).toBe(
      billPeriod('daily', china('2026-03-05T23:59:59')),
    );
  });

  it('monthly: a new period on the first of a month only', () => {
    const [day, month, year, leap] = boundaries;
    expect(billPeriod('monthly', china(day[0]))).toBe(billPeriod('monthly', china(day[1])));
    expect(billPeriod('monthly', china(leap[0]))).toBe(billPeriod('monthly', china(leap[1])));
    expect(billPeriod('monthly', china(month[0]))).not.toBe(billPeriod('monthly', china(month[1])));
    expect(billPeriod('monthly', china(year[0]))).not.toBe(billPeriod('monthly', china(year[1])));
  });

  it('yearly: a new period on the first of January only', () => {
    const [day, month, year] = boundaries;
    expect(billPeriod('yearly', china(day[0]))).toBe(billPeriod('yearly', china(day[1])));
    expect(billPeriod('yearly', china(month[0]))).toBe(billPeriod('yearly', china(month[1])));
    expect(billPeriod('yearly', china(year[0]))).not.toBe(billPeriod('yearly', china(year[1])));
  });

  it('never: one period for all time', () => {
    for (const [before, after] of boundaries) {
      expect(billPeriod('never', china(before))).toBe(billPeriod('never', china(after)));
    }
  });
});

describe('bill-rule body', () => {
  it('accepts a rule and refuses a bad prefix, digits and step', () => {
    const good = billRuleBodySchema.safeParse({ ...rule(), fullName: 'PR', enCode: 'pr' });
    expect(good.success).toBe(true);
    const bad = billRuleBodySchema.safeParse({
      ...rule({ prefix: 'P R', digits: 13, step: 0 }),
      fullName: 'PR',
      enCode: 'pr',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['digits', 'prefix', 'step']);
  });
});

describe('password rule', () => {
  const strict: PasswordRule = {
    passwordMinLength: 8,
    passwordMaxLength: 12,
    passwordClasses: ['lower', 'upper', 'digit', 'symbol'],
    passwordExpiryDays: 0,
    passwordHistory: 0,
  };

  it("the default rule is the specification's: 6-16 letters and digits, both required, with its message", () => {
    const rule = SYS_CONFIG_DEFAULTS.password;
    expect(passwordProblems('admin123', rule)).toEqual([]);
    for (const bad of ['abc12', 'abcdefgh', 'a1'.repeat(9), 'abc!1234']) {
      expect(passwordProblems(bad, rule).map((p) => p.key)).toEqual(['validation.password']);
    }
    expect(passwordRuleText(rule, 'zh-CN')).toBe('6-16位字符的密码（数字和字母组成）');
    // Any other length or classes: each problem by itself, symbols allowed.
    const wider = { ...rule, passwordMaxLength: 20 };
    expect(passwordProblems('abc!1234', wider)).toEqual([]);
    expect(passwordProblems('abc12', wider).map((p) => p.key)).toEqual(['validation.passwordTooShort']);
    expect(passwordProblems('abcdefgh', wider).map((p) => p.key)).toEqual(['validation.passwordNeeds']);
    expect(passwordProblems('a1'.repeat(11), wider).map((p) => p.key)).toEqual([
      'validation.passwordTooLong',
    ]);
  });

  it('names each missing class, in the reader language', () => {
    const [problem] = passwordProblems('abcdefgh', strict);
    expect(problem).toBeDefined();
    if (!problem) return;
    expect(passwordProblemText(problem, 'en-US')).toBe(
      'Must contain: an upper-case letter, a digit, a symbol',
    );
    expect(passwordProblemText(problem, 'zh-CN')).toBe('须包含：大写字母、数字、符号');
    expect(passwordProblems('Abcdef1!', strict)).toEqual([]);
  });

  it('counts characters, not UTF-16 units, and refuses control characters', () => {
    expect(passwordProblems('Ab1!密码密码', strict)).toEqual([]);
    expect(passwordProblems('Abcdef1!\u0000', strict).map((p) => p.key)).toEqual([
      'validation.badCharacters',
    ]);
  });

  it('describes itself for the form hint', () => {
    expect(passwordRuleText(strict, 'en-US')).toBe(
      '8-12 characters; Must contain: a lower-case letter, an upper-case letter, a digit, a symbol',
    );
    expect(passwordRuleText({ ...strict, passwordClasses: [] }, 'zh-TW')).toBe('8-12 個字元');
  });

  it('reads stored settings with defaults for missing or unreadable values', () => {
    const values = parseSysConfig(
      new Map([
        ['lockoutAttempts', '3'],
        ['lockoutMinutes', 'abc'],
        ['singleLogin', 'true'],
        ['passwordClasses', 'upper, digit,unknown'],
        ['passwordMinLength', '20'],
        ['passwordMaxLength', '10'],
      ]),
    );
    expect(values.security).toEqual({
      lockoutAttempts: 3,
      lockoutMinutes: 10,
      tokenTimeout: 720,
      singleLogin: true,
    });
    expect(values.password.passwordClasses).toEqual(['upper', 'digit']);
    expect(values.password.passwordMaxLength).toBe(20);
  });

  it('the password group schema refuses a maximum below the minimum and unknown classes', () => {
    const schema = sysConfigGroupSchemas.password;
    expect(schema.safeParse({ ...strict, passwordClasses: [...PASSWORD_CLASSES] }).success).toBe(true);
    expect(schema.safeParse({ ...strict, passwordMaxLength: 4 }).success).toBe(false);
    expect(schema.safeParse({ ...strict, passwordClasses: ['emoji'] }).success).toBe(false);
  });
});

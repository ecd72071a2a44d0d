import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formRule,
  translateIssue,
  validationMessage,
  zAccount,
  zCreditCode,
  zDuration,
  zEmail,
  zEnCode,
  zIdCard,
  zMobile,
  zName,
  zPassword,
  zPersonalMobile,
  zPlate,
  zPositiveInteger,
  zRule,
  zTelephone,
} from '../src/index';

/** The issue messages (keys) of a failed parse, or [] on success. */
function keysOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('zod helpers give message keys', () => {
  it.each([
    ['zMobile', zMobile(), '13812345678', '12345', 'validation.mobile'],
    ['zPersonalMobile', zPersonalMobile(), '18812345678', '19912345678', 'validation.mobile'],
    ['zPassword', zPassword(), 'abc123', 'abcdef', 'validation.password'],
    ['zAccount', zAccount(), 'admin01', 'admin_01', 'validation.account'],
    ['zEmail', zEmail(), 'a@b.cn', 'a@b', 'validation.email'],
    ['zEnCode', zEnCode(), 'sys.user', 'sys.', 'validation.enCode'],
    ['zName', zName(), 'Li Lei', 'Li#Lei', 'validation.name'],
    ['zTelephone', zTelephone(), '010-23456789', '010-2345', 'validation.telephone'],
    ['zIdCard', zIdCard(), '11010519491231002X', '110105194912310021', 'validation.idCard'],
    ['zCreditCode', zCreditCode(), '91350100M000100Y43', '91350100M000100Y44', 'validation.creditCode'],
    ['zPlate', zPlate(), '京A12345', '京I12345', 'validation.plate'],
  ])('%s: valid passes, invalid gives its key', (_name, schema, valid, invalid, key) => {
    expect(keysOf(schema, valid)).toEqual([]);
    expect(keysOf(schema, invalid)).toEqual([key]);
  });

  it.each([
    ['empty string', ''],
    ['spaces only', '   '],
    ['undefined', undefined],
    ['null', null],
  ])('required key only, for %s', (_why, value) => {
    expect(keysOf(zMobile(), value)).toEqual(['validation.required']);
  });

  it('gives invalid, not required, for a value of the wrong type', () => {
    expect(keysOf(zMobile(), 13812345678)).toEqual(['validation.invalid']);
  });

  it('uses a custom required key and a custom rule key', () => {
    const schema = zPersonalMobile({
      requiredKey: 'validation.mobileRequired',
      messageKey: 'validation.invalid',
    });
    expect(keysOf(schema, '')).toEqual(['validation.mobileRequired']);
    expect(keysOf(schema, '123')).toEqual(['validation.invalid']);
  });

  it('caps the length with tooLong and reports the maximum', () => {
    const result = zName({ max: 5 }).safeParse('abcdef');
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.message).toBe('validation.tooLong');
    expect(translateIssue(issue, 'en-US')).toBe('Must be at most 5 characters');
    expect(translateIssue(issue, 'zh-CN')).toBe('长度不能超过5个字符');
    expect(keysOf(zName({ max: 5 }), 'abcde')).toEqual([]);
  });

  it('trims before checking and returns the trimmed value', () => {
    expect(zAccount().parse('  admin ')).toBe('admin');
    expect(zName().parse(' 张三 ')).toBe('张三');
  });

  it('does not trim passwords', () => {
    expect(keysOf(zPassword(), ' abc123')).toEqual(['validation.password']);
  });

  it('upper-cases ID card, credit code and plate', () => {
    expect(zIdCard().parse('11010519491231002x')).toBe('11010519491231002X');
    expect(zCreditCode().parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    expect(zPlate().parse('京ad12345')).toBe('京AD12345');
  });

  it('works inside an object schema: a missing field gives the required key', () => {
    const schema = z.object({
      userMobile: zMobile(),
      userName: zName({ requiredKey: 'validation.nameRequired' }),
    });
    const result = schema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['userMobile', 'validation.required'],
      ['userName', 'validation.nameRequired'],
    ]);
  });

  it('stays chainable as a zod string (optional)', () => {
    const schema = z.object({ userEmail: zEmail().optional() });
    expect(schema.safeParse({}).success).toBe(true);
    expect(schema.safeParse({ userEmail: 'x' }).success).toBe(false);
  });

  it('zRule builds any string rule', () => {
    expect(keysOf(zRule('numericCode'), '12a')).toEqual(['validation.numeric']);
    expect(keysOf(zRule('chinese'), '中文')).toEqual([]);
  });

  it.each([
    [zDuration(), 1.5, []],
    [zDuration(), 1.25, ['validation.duration']],
    [zDuration(), -1, ['validation.duration']],
    [zDuration(), '1', ['validation.invalid']],
    [zDuration(), null, ['validation.required']],
    [zPositiveInteger(), 3, []],
    [zPositiveInteger(), 0, ['validation.positiveInteger']],
    [zPositiveInteger(), 2.5, ['validation.positiveInteger']],
    [zPositiveInteger(), undefined, ['validation.required']],
  ])('numeric helper case %#', (schema, value, keys) => {
    expect(keysOf(schema, value)).toEqual(keys);
  });
});

describe('validationMessage', () => {
  it.each([
    ['validation.password', 'zh-CN', '6-16位字符的密码（数字和字母组成）'],
    ['validation.mobile', 'en-US', 'please enter your mobile number correctly'],
    ['validation.mobile', 'zh-CN', '请输入正确的手机号码'],
    ['validation.mobile', 'zh-TW', '請輸入正確的手機號碼'],
    ['validation.imageTooLarge', 'en-US', 'Image size cannot exceed 5M'],
    ['validation.imageTooLarge', 'zh-CN', '图片大小不能超过5M'],
    ['validation.passwordMismatch', 'zh-CN', '两次输入密码不一致!'],
    ['validation.messageIdEmpty', 'zh-CN', '当前站内信消息数据id为空'],
  ] as const)('%s in %s', (key, locale, text) => {
    expect(validationMessage(key, locale)).toBe(text);
  });

  it('defaults to zh-CN', () => {
    expect(validationMessage('validation.nameRequired')).toBe('名称不能为空');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(validationMessage('validation.tooShort', 'en-US', { min: 6 })).toBe(
      'Must be at least 6 characters',
    );
    expect(validationMessage('validation.tooLong', 'zh-TW', { max: 20 })).toBe('長度不能超過20個字元');
    expect(validationMessage('validation.tooLong', 'en-US')).toBe('Must be at most {{max}} characters');
  });

  it('returns an unknown key (a custom human message) as it is', () => {
    expect(validationMessage('请填写公司名称', 'en-US')).toBe('请填写公司名称');
  });

  it('falls back to zh-CN for a locale that slipped through untyped', () => {
    expect(validationMessage('validation.required', 'fr-FR' as never)).toBe('此项不能为空');
  });
});

describe('translateIssue', () => {
  it('translates a key', () => {
    expect(translateIssue({ message: 'validation.email' }, 'zh-TW')).toBe('請輸入正確的電子郵件地址');
  });
  it('maps zod default string length messages', () => {
    const tooShort = z.string().min(3).safeParse('a').error!.issues[0]!;
    const tooLong = z.string().max(3).safeParse('abcd').error!.issues[0]!;
    expect(translateIssue(tooShort, 'en-US')).toBe('Must be at least 3 characters');
    expect(translateIssue(tooLong, 'zh-CN')).toBe('长度不能超过3个字符');
  });
  it('never lets a zod English default through', () => {
    const issue = z.number().safeParse('x').error!.issues[0]!;
    expect(translateIssue(issue, 'zh-CN')).toBe('格式不正确');
    const big = z.number().max(3).safeParse(4).error!.issues[0]!;
    expect(translateIssue(big, 'en-US')).toBe('Invalid value');
  });
});

describe('formRule (antd validator)', () => {
  const t = (key: string) => `T(${key})`;

  it.each([undefined, null, '', '   '])(
    'lets an empty value %j pass (required is separate)',
    async (value) => {
      await expect(formRule('mobile', t).validator({}, value)).resolves.toBeUndefined();
    },
  );
  it('passes a valid value', async () => {
    await expect(formRule('mobile', t).validator({}, '13812345678')).resolves.toBeUndefined();
  });
  it('rejects with the translated rule message', async () => {
    await expect(formRule('mobile', t).validator({}, '123')).rejects.toThrow('T(validation.mobile)');
  });
  it('rejects with a custom message key', async () => {
    await expect(formRule('password', t, 'validation.passwordPrompt').validator({}, 'abc')).rejects.toThrow(
      'T(validation.passwordPrompt)',
    );
  });
  it('accepts numbers for numeric rules', async () => {
    await expect(formRule('duration', t).validator({}, 1.5)).resolves.toBeUndefined();
    await expect(formRule('duration', t).validator({}, 1.3)).rejects.toThrow('T(validation.duration)');
  });
});

import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, VALIDATION_RULES } from '../src/index';
import enUS from '../src/locales/validation.en-US.json';
import zhCN from '../src/locales/validation.zh-CN.json';
import zhTW from '../src/locales/validation.zh-TW.json';

const FILES = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } as Record<string, Record<string, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('validation locale files', () => {
  const reference = Object.keys(zhCN).sort();

  it.each(Object.keys(FILES))('%s has exactly the zh-CN key set', (locale) => {
    expect(Object.keys(FILES[locale]!).sort()).toEqual(reference);
  });

  it.each(Object.keys(FILES))('%s has no empty text', (locale) => {
    for (const text of Object.values(FILES[locale]!)) expect(text.trim()).not.toBe('');
  });

  it.each(Object.keys(FILES))('%s uses the same placeholders per key', (locale) => {
    for (const key of reference) {
      expect(placeholders(FILES[locale]![key]!), key).toEqual(placeholders(FILES['zh-CN']![key]!));
    }
  });

  it('every key is namespaced under validation.', () => {
    for (const key of reference) expect(key).toMatch(/^validation\.[a-zA-Z]+$/);
  });

  it('has the generic keys', () => {
    expect(reference).toEqual(
      expect.arrayContaining([
        'validation.required',
        'validation.tooLong',
        'validation.tooShort',
        'validation.invalid',
      ]),
    );
    expect(zhCN['validation.tooLong']).toContain('{{max}}');
    expect(zhCN['validation.tooShort']).toContain('{{min}}');
  });

  it('covers every rule of the table', () => {
    for (const rule of Object.values(VALIDATION_RULES)) expect(reference).toContain(rule.messageKey);
  });

  it('exports the same tables it loads', () => {
    expect(VALIDATION_MESSAGES['zh-TW']).toBe(zhTW);
    expect(VALIDATION_MESSAGES['en-US']).toBe(enUS);
  });

  it('zh-TW is written in traditional characters', () => {
    // Simplified-only forms that would betray a copy of zh-CN.
    const simplified = /[为号码数据请输确证个两图长车统链开头结点误称须档内这书写页务选择设录销删]/u;
    for (const [key, text] of Object.entries(zhTW)) expect(text, key).not.toMatch(simplified);
  });

  it.each([
    ['validation.nameRequired', '名称不能为空'],
    ['validation.mobileRequired', '手机号码不能为空'],
    ['validation.mobilePrompt', '请输入手机号码'],
    ['validation.passwordRequired', '密码不能为空'],
    ['validation.passwordPrompt', '请输入密码'],
    ['validation.confirmPasswordPrompt', '请再次输入密码'],
    ['validation.passwordMismatch', '两次输入密码不一致!'],
    ['validation.messageIdEmpty', '当前站内信消息数据id为空'],
    ['validation.imageTooLarge', '图片大小不能超过5M'],
    ['validation.password', '6-16位字符的密码（数字和字母组成）'],
    ['validation.mobile', '请输入正确的手机号码'],
  ] as const)('zh-CN %s is the spec text', (key, text) => {
    expect(zhCN[key]).toBe(text);
  });

  it.each([
    ['validation.mobile', 'please enter your mobile number correctly'],
    ['validation.imageTooLarge', 'Image size cannot exceed 5M'],
  ] as const)('en-US %s is the spec text', (key, text) => {
    expect(enUS[key]).toBe(text);
  });
});

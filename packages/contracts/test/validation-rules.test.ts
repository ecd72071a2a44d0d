import { describe, expect, it } from 'vitest';
import {
  checkRule,
  creditCodeCheckChar,
  idCardCheckChar,
  isAccount,
  isChinese,
  isCreditCode,
  isDuration,
  isEmail,
  isEnCode,
  isExternalLink,
  isIdCard,
  isImageSizeAllowed,
  isImageType,
  isMobile,
  isName,
  isNumericCode,
  isPassword,
  isPersonalMobile,
  isPlate,
  isPositiveInteger,
  isTelephone,
  VALIDATION_RULES,
} from '../src/index';

// Inputs every string rule must refuse: emptiness belongs to the required check.
const NON_STRINGS: unknown[] = [undefined, null, 13812345678, {}, []];

describe('isMobile (1, 3-9, 9 digits)', () => {
  it.each(['13812345678', '19912345678', '16600000000', '14700000000'])('accepts %s', (v) => {
    expect(isMobile(v)).toBe(true);
  });
  it.each([
    ['', 'empty'],
    ['12812345678', 'second digit 2'],
    ['10812345678', 'second digit 0'],
    ['1381234567', '10 digits'],
    ['138123456789', '12 digits'],
    ['23812345678', 'not starting with 1'],
    [' 13812345678', 'leading space'],
    ['1381234567a', 'letter'],
    ['+8613812345678', 'country code'],
  ])('rejects %j (%s)', (v) => {
    expect(isMobile(v)).toBe(false);
  });
  it.each(NON_STRINGS)('rejects non-string %j', (v) => {
    expect(isMobile(v)).toBe(false);
  });
});

describe('isPersonalMobile (13/15/17/18, 11 digits)', () => {
  it.each(['13012345678', '15912345678', '17712345678', '18812345678'])('accepts %s', (v) => {
    expect(isPersonalMobile(v)).toBe(true);
  });
  it.each([
    ['14712345678', 'prefix 14'],
    ['16612345678', 'prefix 16'],
    ['19912345678', 'prefix 19'],
    ['1381234567', '10 digits (13 + 8)'],
    ['1|812345678', 'the pipe the original class let through'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isPersonalMobile(v)).toBe(false);
  });
});

describe('isPassword (6-16 letters and digits, both)', () => {
  it.each(['abc123', 'A1b2C3d4', 'a1234567890bcdef', '123456a', 'Password1'])('accepts %s', (v) => {
    expect(isPassword(v)).toBe(true);
  });
  it.each([
    ['abc12', '5 characters'],
    ['abcdefgh12345678x', '17 characters'],
    ['abcdefgh', 'letters only'],
    ['12345678', 'digits only'],
    ['abc 123', 'space'],
    ['abc123!', 'symbol'],
    ['密码abc123', 'Chinese'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isPassword(v)).toBe(false);
  });
  it('accepts exactly 6 and 16 characters', () => {
    expect(isPassword('a12345')).toBe(true);
    expect(isPassword('a123456789012345')).toBe(true);
  });
});

describe('isIdCard', () => {
  it.each([
    ['11010519491231002X', 'check X'],
    ['11010519491231002x', 'lower-case x'],
    ['440524188001010014', 'born 1880'],
    ['11010119900307803X', 'born 1990'],
    ['110105491231002', '15-digit old form'],
    ['110105960229002', '15-digit, 1996-02-29'],
  ])('accepts %s (%s)', (v) => {
    expect(isIdCard(v)).toBe(true);
  });
  it.each([
    ['110105194912310021', 'wrong check digit'],
    ['11010519491231002Y', 'check letter other than X'],
    ['110105194902300021', 'February 30'],
    ['110105194913010021', 'month 13'],
    ['110105170001010021', 'year 1700'],
    ['01010519491231002X', 'area starting with 0'],
    ['1101051949123100', '16 digits'],
    ['110105491332002', '15-digit, month 13'],
    ['110105000229002', '15-digit, 1900-02-29 (1900 was no leap year)'],
    ['11010519000229002X', '18-digit, 1900-02-29'],
    ['', 'empty'],
  ])('rejects %s (%s)', (v) => {
    expect(isIdCard(v)).toBe(false);
  });
  it('computes the GB 11643 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
  });
});

describe('isEmail', () => {
  it.each(['a@b.cn', 'first.last@example.com', 'user+tag@mail.example.co.uk', 'x_y-z@sub-domain.org'])(
    'accepts %s',
    (v) => {
      expect(isEmail(v)).toBe(true);
    },
  );
  it.each([
    ['plainaddress', 'no @'],
    ['a@b', 'no dot in domain'],
    ['a@b.c', 'one-letter top level'],
    ['.a@b.com', 'leading dot'],
    ['a..b@c.com', 'double dot'],
    ['a@-b.com', 'label starting with hyphen'],
    ['a b@c.com', 'space'],
    ['a@b.com ', 'trailing space'],
    [`${'a'.repeat(250)}@b.com`, 'over 254 characters'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isEmail(v)).toBe(false);
  });
});

describe('isPlate', () => {
  it.each([
    ['京A12345', 'regular'],
    ['粤B8888Z', 'regular ending with a letter'],
    ['沪a12345', 'lower-case letter'],
    ['苏E1234学', 'learner'],
    ['京A1234警', 'police'],
    ['粤Z1234港', 'Hong Kong'],
    ['京AD12345', 'new energy, small, D'],
    ['沪AFA1234', 'new energy, small, F then letter'],
    ['粤B12345D', 'new energy, large'],
    ['京AA12345', 'new energy, 2022 letter A'],
  ])('accepts %s (%s)', (v) => {
    expect(isPlate(v)).toBe(true);
  });
  it.each([
    ['京I12345', 'letter I'],
    ['京AO2345', 'letter O'],
    ['X京A12345', 'extra prefix'],
    ['AA12345', 'no province'],
    ['京A1234', 'too short'],
    ['京A123456', '8 characters, not new energy'],
    ['京AD1234A', 'new energy with letter tail'],
    ['京AZ12345', 'new energy letter Z'],
    ['台A12345', 'not a mainland province'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isPlate(v)).toBe(false);
  });
});

describe('isChinese', () => {
  it.each(['中文', '张三', '龍', '𠀀'])('accepts %s', (v) => {
    expect(isChinese(v)).toBe(true);
  });
  it.each(['中文a', '张 三', '阿卜杜拉·买买提', '，', 'abc', '中1', ''])('rejects %j', (v) => {
    expect(isChinese(v)).toBe(false);
  });
});

describe('isCreditCode (GB 32100-2015)', () => {
  it.each(['91350100M000100Y43', '91110000802100433B', '91440300708461136T', '91350100m000100y43'])(
    'accepts %s',
    (v) => {
      expect(isCreditCode(v)).toBe(true);
    },
  );
  it.each([
    ['91350100M000100Y44', 'wrong check character'],
    ['91350100M000100Y4', '17 characters'],
    ['91350100M000100Y433', '19 characters'],
    ['91350100I000100Y43', 'letter I'],
    ['9135010AM000100Y43', 'letter in the area code'],
    ['000000000000000000', 'all zeros (checksum would pass)'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isCreditCode(v)).toBe(false);
  });
  it('computes the check character', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
  });
});

describe('isEnCode', () => {
  it.each(['a', 'system', 'system.user', 'a.b.c', 'A1.b2', 'a..b'])('accepts %s', (v) => {
    expect(isEnCode(v)).toBe(true);
  });
  it.each([
    ['.system', 'dot first'],
    ['system.', 'dot last'],
    ['.', 'dot only'],
    ['sys_user', 'underscore'],
    ['sys-user', 'hyphen'],
    ['sys user', 'space'],
    ['系统', 'Chinese'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isEnCode(v)).toBe(false);
  });
});

describe('isAccount', () => {
  it.each(['admin', 'Admin01', '13800000000', 'a'])('accepts %s', (v) => {
    expect(isAccount(v)).toBe(true);
  });
  it.each(['ad min', 'admin_1', 'admin@corp', '管理员', 'admin!', ''])('rejects %j', (v) => {
    expect(isAccount(v)).toBe(false);
  });
});

describe('isName (Chinese, letters, digits; single inner spaces)', () => {
  it.each(['张三', 'Li Lei', '采购部2', 'Team A 1', 'abc'])('accepts %s', (v) => {
    expect(isName(v)).toBe(true);
  });
  it.each([
    [' 张三', 'leading space'],
    ['张三 ', 'trailing space'],
    ['Li  Lei', 'double space'],
    ['张三!', 'symbol'],
    ['a_b', 'underscore'],
    ["O'Neil", 'apostrophe'],
    ['<script>', 'markup'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isName(v)).toBe(false);
  });
});

describe('isNumericCode', () => {
  it.each(['0', '007', '1234567890'])('accepts %s', (v) => {
    expect(isNumericCode(v)).toBe(true);
  });
  it.each(['12a', '-1', '1.5', '1 2', '１２', ''])('rejects %j', (v) => {
    expect(isNumericCode(v)).toBe(false);
  });
});

describe('isDuration (integer or multiple of 0.5)', () => {
  it.each([0, 0.5, 1, 1.5, 8, 100, '2', '2.5', '2.50', '0'])('accepts %j', (v) => {
    expect(isDuration(v)).toBe(true);
  });
  it.each([0.25, 1.2, -1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, '1.25', '-1', '1e1', 'abc', '', null])(
    'rejects %j',
    (v) => {
      expect(isDuration(v)).toBe(false);
    },
  );
});

describe('isPositiveInteger', () => {
  it.each([1, 2, 999, '1', '42', Number.MAX_SAFE_INTEGER])('accepts %j', (v) => {
    expect(isPositiveInteger(v)).toBe(true);
  });
  it.each([0, -1, 1.5, Number.NaN, '0', '01', '1.0', '-3', '', null, '9007199254740993'])(
    'rejects %j',
    (v) => {
      expect(isPositiveInteger(v)).toBe(false);
    },
  );
});

describe('isTelephone (landline or mobile)', () => {
  it.each([
    ['23456789', 'local 8 digits'],
    ['2345678', 'local 7 digits'],
    ['010-23456789', 'area code 3'],
    ['0755-2345678', 'area code 4'],
    ['01023456789', 'area code without hyphen'],
    ['010-23456789-123', 'extension'],
    ['13812345678', 'mobile'],
  ])('accepts %s (%s)', (v) => {
    expect(isTelephone(v)).toBe(true);
  });
  it.each([
    ['123456', 'too short'],
    ['02345678', 'local starting with 0'],
    ['12345678', 'local starting with 1'],
    ['010-234567890', 'local 9 digits'],
    ['010-23456789-', 'empty extension'],
    ['010-23456789-1234567', 'extension 7 digits'],
    ['12812345678', 'not a mobile'],
    ['010 23456789', 'space'],
    ['', 'empty'],
  ])('rejects %j (%s)', (v) => {
    expect(isTelephone(v)).toBe(false);
  });
});

describe('isExternalLink', () => {
  it.each(['http://a.com', 'https://a.com/x?y=1', 'HTTPS://A.COM', 'mailto:a@b.com', 'tel:+8610123'])(
    'accepts %s',
    (v) => {
      expect(isExternalLink(v)).toBe(true);
    },
  );
  it.each(['/home', 'system/user', 'ftp://a.com', 'javascript:alert(1)', 'www.a.com', ' https://a.com', ''])(
    'rejects %j',
    (v) => {
      expect(isExternalLink(v)).toBe(false);
    },
  );
});

describe('chat image checks', () => {
  it.each([
    [0, true],
    [5_242_879, true],
    [5_242_880, false],
    [5_242_881, false],
    [-1, false],
    [Number.NaN, false],
  ])('size %d allowed: %s', (bytes, ok) => {
    expect(isImageSizeAllowed(bytes)).toBe(ok);
  });
  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['image/gif', true],
    ['image/webp', true],
    ['IMAGE/PNG', true],
    ['image/svg+xml', false],
    ['application/pdf', false],
    ['', false],
  ])('type %j allowed: %s', (type, ok) => {
    expect(isImageType(type)).toBe(ok);
  });
});

describe('rule table', () => {
  it('gives every rule a message key and its predicate', () => {
    for (const rule of Object.values(VALIDATION_RULES)) {
      expect(rule.messageKey).toMatch(/^validation\.\w+$/);
      expect(typeof rule.test).toBe('function');
    }
  });
  it('checkRule returns null on success and the key on failure', () => {
    expect(checkRule('mobile', '13812345678')).toBeNull();
    expect(checkRule('mobile', '123')).toBe('validation.mobile');
    expect(checkRule('personalMobile', '19912345678')).toBe('validation.mobile');
    expect(checkRule('password', 'abc')).toBe('validation.password');
    expect(checkRule('numericCode', 'x')).toBe('validation.numeric');
  });
});

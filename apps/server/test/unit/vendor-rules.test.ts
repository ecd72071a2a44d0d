import { creditCodeCheckChar, isCreditCode, nextSupplierState, supplierActive } from '@srm/contracts';
import { describe, expect, it } from 'vitest';

describe('unified social credit code (GB 32100)', () => {
  const first17 = '91350100M000100Y4';
  const valid = first17 + creditCodeCheckChar(first17);

  it('accepts a code with its check character', () => {
    expect(isCreditCode(valid)).toBe(true);
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
  });

  it('refuses a wrong check character or a wrong length; lower case reads as upper case', () => {
    const wrong = first17 + (valid.endsWith('0') ? '1' : '0');
    expect(isCreditCode(wrong)).toBe(false);
    expect(isCreditCode(valid.slice(0, 17))).toBe(false);
    expect(isCreditCode(`${valid}0`)).toBe(false);
    // The forms and the API upper-case the code (zCreditCode), so lower case is the same code.
    expect(isCreditCode('91350100m000100y43')).toBe(true);
    expect(isCreditCode('91350100m000100y42')).toBe(false);
  });
});

describe('supplier life cycle', () => {
  it('potential → qualified → frozen ↔ qualified → eliminated', () => {
    expect(nextSupplierState('potential', 'qualify')).toBe('qualified');
    expect(nextSupplierState('qualified', 'freeze')).toBe('frozen');
    expect(nextSupplierState('frozen', 'unfreeze')).toBe('qualified');
    expect(nextSupplierState('qualified', 'eliminate')).toBe('eliminated');
    expect(nextSupplierState('frozen', 'eliminate')).toBe('eliminated');
    expect(nextSupplierState('potential', 'eliminate')).toBe('eliminated');
  });

  it('refuses the moves the cycle does not have', () => {
    expect(nextSupplierState('potential', 'freeze')).toBeNull();
    expect(nextSupplierState('qualified', 'qualify')).toBeNull();
    expect(nextSupplierState('frozen', 'qualify')).toBeNull();
    expect(nextSupplierState('eliminated', 'unfreeze')).toBeNull();
    expect(nextSupplierState('eliminated', 'qualify')).toBeNull();
    expect(nextSupplierState('eliminated', 'eliminate')).toBeNull();
  });

  it('only potential and qualified suppliers sign in and receive notices', () => {
    expect(['potential', 'qualified', 'frozen', 'eliminated'].map((s) => supplierActive(s as never))).toEqual(
      [true, true, false, false],
    );
  });
});

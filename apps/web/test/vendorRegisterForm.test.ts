import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  areaPathOf,
  formNameOf,
  type RegisterValues,
  STEPS,
  stepOf,
  storedValues,
  toFormBody,
} from '../src/views/supplier/register/formValues';

const values: RegisterValues = {
  supplierName: ' 示例有限公司 ',
  creditCode: '91110000ma0000001x',
  legalPerson: '张三',
  registeredCapital: 500,
  foundDate: dayjs('2015-06-01'),
  companyType: 'private',
  area: ['110000', '110100', '110101'],
  address: '示例路 1 号',
  businessScope: '钢材销售',
  categories: ['raw.steel'],
  contact: { contactName: '李四', mobile: '13900001111' },
  bank: { bankName: '中国银行', accountNo: '6217000012345678' },
  qualifications: [
    {
      qualType: 'license',
      file: { id: '7', key: 'a'.repeat(32), fileName: 'l.pdf' },
      expiresOn: dayjs('2030-12-31'),
    },
  ],
  account: 'newvendor',
  password: 'abc12345',
  confirmPassword: 'abc12345',
};

describe('the registration form as the server takes it', () => {
  it('sends trimmed text, the upper-case credit code, the district, dates as days and files by id and key', () => {
    expect(toFormBody(values)).toEqual({
      supplierName: '示例有限公司',
      creditCode: '91110000MA0000001X',
      legalPerson: '张三',
      registeredCapital: 500,
      foundDate: '2015-06-01',
      companyType: 'private',
      areaCode: '110101',
      address: '示例路 1 号',
      businessScope: '钢材销售',
      categories: ['raw.steel'],
      contact: { contactName: '李四', mobile: '13900001111', email: '', phone: '' },
      bank: { bankName: '中国银行', branch: '', accountNo: '6217000012345678' },
      qualifications: [
        { qualType: 'license', fileId: '7', fileKey: 'a'.repeat(32), expiresOn: '2030-12-31' },
      ],
    });
  });

  it('reads a rejected application back into the form, files kept by id and key', () => {
    const back = storedValues(toFormBody(values));
    expect(back.area).toEqual(['110000', '110100', '110101']);
    expect(back.foundDate?.format('YYYY-MM-DD')).toBe('2015-06-01');
    expect(back.qualifications?.[0]?.file).toEqual({ id: '7', key: 'a'.repeat(32), fileName: '' });
    expect(storedValues({}).qualifications).toEqual([]);
  });

  it("puts the server's field messages on the form's fields, and knows each field's step", () => {
    expect(formNameOf('areaCode')).toEqual(['area']);
    expect(formNameOf('categories.0')).toEqual(['categories']);
    expect(formNameOf('contact.mobile')).toEqual(['contact', 'mobile']);
    expect(formNameOf('qualifications.1.fileId')).toEqual(['qualifications', 1, 'file']);
    expect(formNameOf('qualifications.0.expiresOn')).toEqual(['qualifications', 0, 'expiresOn']);
    expect(formNameOf('altcha')).toBeNull();
    expect(stepOf('creditCode')).toBe(0);
    expect(stepOf('contact')).toBe(2);
    expect(stepOf('confirmPassword')).toBe(STEPS.length - 1);
    expect(areaPathOf('110101')).toEqual(['110000', '110100', '110101']);
    expect(areaPathOf('110000')).toEqual(['110000']);
  });
});

import { describe, expect, it } from 'vitest';
import { schemaOfFields } from '../src/views/workFlow/flowEngine/designForms';
import {
  designerFormOptions,
  formByName,
  formTitle,
  rememberDesignedForm,
} from '../src/views/workFlow/flowEngine/forms';

describe('the flow designer forms', () => {
  it('names every registered form in the reader language, the supplier forms included', () => {
    expect(formTitle('PurchaseRequisition', 'en-US')).toBe('Purchase requisition');
    expect(formTitle('VendorAdmission', 'en-US')).toBe('Supplier admission');
    expect(formTitle('VendorChange', 'zh-TW')).toBe('供應商資訊變更');
    expect(formTitle('VendorChange', 'zh-CN')).toBe('供应商信息变更');
    // A form no longer registered is shown by its code.
    expect(formTitle('Gone', 'en-US')).toBe('Gone');
  });

  it("offers the general forms to a new flow, and a supplier flow's own form when it is edited", () => {
    expect(designerFormOptions(undefined, 'en-US').map((o) => o.label)).toEqual([
      'Purchase requisition',
      'Leave application',
    ]);
    expect(designerFormOptions('VendorAdmission', 'en-US').map((o) => o.value)).toEqual([
      'PurchaseRequisition',
      'LeaveApply',
      'VendorAdmission',
    ]);
    // Its fields are there for the node rights and conditions.
    expect(formByName('VendorAdmission')?.fields.some((f) => f.name === 'applicationNo')).toBe(true);
    expect(formByName('toString')).toBeUndefined();
  });

  it('offers the published designs beside them, and knows a designed form once loaded', () => {
    const designs = [{ value: 'Design7', label: 'Sample request' }];
    expect(designerFormOptions(undefined, 'en-US', designs).map((o) => o.value)).toEqual([
      'PurchaseRequisition',
      'LeaveApply',
      'Design7',
    ]);
    // A saved flow's design the caller cannot list is still offered.
    expect(designerFormOptions('Design9', 'en-US').map((o) => o.value)).toContain('Design9');
    expect(formTitle('Design9', 'en-US')).toBe('');
    const labels = { 'zh-CN': '级别', 'en-US': 'Level', 'zh-TW': '級別' };
    const schema = schemaOfFields({
      formName: 'Design9',
      titles: { 'zh-CN': '样品申请', 'en-US': 'Sample request', 'zh-TW': '樣品申請' },
      fields: [
        {
          name: 'level',
          type: 'radio',
          labels,
          required: true,
          multiple: false,
          computed: false,
          options: [{ value: 'high', labels: { 'zh-CN': '高', 'en-US': 'High', 'zh-TW': '高' } }],
        },
      ],
    });
    rememberDesignedForm(schema);
    expect(formTitle('Design9', 'en-US')).toBe('Sample request');
    expect(formByName('Design9')?.fields[0]).toMatchObject({
      name: 'level',
      label: '级别',
      labels,
      required: true,
      options: [{ value: 'high', label: '高' }],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { designerFormOptions, formByName, formTitle } from '../src/views/workFlow/flowEngine/forms';

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
});

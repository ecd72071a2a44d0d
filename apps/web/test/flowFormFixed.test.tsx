import type { FormSchema } from '@srm/contracts/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formByName } from '../src/views/workFlow/flowEngine/forms';
import { flowFormSuite, renderFlowForm } from './flowFormHost';

const REQUISITION = formByName('PurchaseRequisition') as FormSchema;

const labels = { 'user:22': '张采购', 'dept:11': '华东采购部' };
const values = { deptId: '11', requesterId: '22' };

const setup = (fixed: string[]) =>
  renderFlowForm({ schema: REQUISITION, initialValues: values, labels, fixed });

describe('a launch form that starts with the launcher', () => {
  flowFormSuite(['flowTask', 'org', 'user']);

  it('shows a fixed requester as his name, no picker, and still sends him', () => {
    const form = setup(['requesterId']);
    const requester = screen.getByTestId('f-requesterId');
    expect(requester.textContent).toContain('张采购');
    expect(requester.querySelector('input')).toBeNull();
    expect(form.getFieldsValue(true)).toMatchObject(values);
  });

  it('shows the department picker with the name, not the id, before the tree has loaded', () => {
    setup([]);
    const dept = document.querySelector('[data-testid="f-deptId"]')?.closest('.ant-form-item');
    expect(dept?.textContent).toContain('华东采购部');
    expect(dept?.textContent).not.toContain('11');
    const requester = document.querySelector('[data-testid="f-requesterId"]')?.closest('.ant-form-item');
    expect(requester?.textContent).toContain('张采购');
  });
});

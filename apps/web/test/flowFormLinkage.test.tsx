import type { FormSchema } from '@srm/contracts/core';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { flowFormSuite, renderFlowForm } from './flowFormHost';

// A designed form: sections, a rule that shows a field, one that makes another read-only, one per
// line, and a choice narrowed by another field.
const SCHEMA: FormSchema = {
  name: 'Design9',
  title: '样品申请',
  sections: [
    { key: 'basic', kind: 'group', title: '基本信息' },
    { key: 'ship', kind: 'tab', title: '寄送' },
    { key: 'bill', kind: 'tab', title: '开票' },
    { key: 'more', kind: 'collapse', title: '更多', collapsed: true },
  ],
  fields: [
    { name: 'paid', type: 'switch', label: '付费', section: 'basic' },
    { name: 'price', type: 'money', label: '价格', section: 'basic' },
    { name: 'note', type: 'input', label: '备注', section: 'basic' },
    { name: 'address', type: 'input', label: '地址', section: 'ship' },
    { name: 'taxNo', type: 'input', label: '税号', section: 'bill' },
    { name: 'remark', type: 'textarea', label: '说明', section: 'more' },
    {
      name: 'province',
      type: 'select',
      label: '省',
      options: [
        { label: '浙江', value: 'zj' },
        { label: '江苏', value: 'js' },
      ],
    },
    {
      name: 'city',
      type: 'select',
      label: '市',
      optionFilter: { field: 'province' },
      options: [
        { label: '杭州', value: 'hz', parent: 'zj' },
        { label: '南京', value: 'nj', parent: 'js' },
      ],
    },
  ],
  linkage: [
    { when: [{ field: 'paid', op: 'eq', value: true }], effect: 'show', fields: ['price'] },
    { when: [{ field: 'paid', op: 'eq', value: true }], effect: 'disable', fields: ['note'] },
  ],
};

const setup = (values: Record<string, unknown>) => renderFlowForm({ schema: SCHEMA, initialValues: values });

describe('a designed form with sections and linkage rules', () => {
  flowFormSuite();

  it('draws the group, one tab bar for neighbouring tabs, and the panel with its fields mounted', () => {
    setup({});
    expect(screen.getByText('基本信息').tagName).toBe('LEGEND');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['寄送', '开票']);
    expect(screen.getByRole('button', { name: '更多' }).getAttribute('aria-expanded')).toBe('false');
    // Closed tabs and a closed panel still hold their fields (their rules run on submit).
    expect(screen.getByTestId('f-taxNo')).toBeTruthy();
    expect(screen.getByTestId('f-remark')).toBeTruthy();
  });

  it('shows a field while its rule holds and makes another read-only', async () => {
    const form = setup({ note: '原备注' });
    expect(screen.queryByTestId('f-price')).toBeNull();
    expect(screen.getByTestId('f-note').tagName).toBe('INPUT');
    act(() => form.setFieldValue('paid', true));
    await waitFor(() => expect(screen.getByTestId('f-price')).toBeTruthy());
    expect(screen.getByTestId('f-note').tagName).not.toBe('INPUT');
    expect(screen.getByTestId('f-note').textContent).toContain('原备注');
  });

  it('empties a narrowed choice the other field no longer offers', async () => {
    const form = setup({ province: 'zj', city: 'hz' });
    expect(form.getFieldValue('city')).toBe('hz');
    act(() => form.setFieldValue('province', 'js'));
    await waitFor(() => expect(form.getFieldValue('city')).toBeUndefined());
  });
});

import type { FormSchema } from '@srm/contracts/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, loadNamespaces } from '../src/i18n';
import { formByName } from '../src/views/workFlow/flowEngine/forms';
import { FlowForm } from '../src/views/workFlow/form/FlowForm';

const REQUISITION = formByName('PurchaseRequisition') as FormSchema;

const labels = { 'user:22': '张采购', 'dept:11': '华东采购部' };
const values = { deptId: '11', requesterId: '22' };

function setup(fixed: string[]): FormInstance {
  let instance: FormInstance | undefined;
  function Host() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <FlowForm
        schema={REQUISITION}
        form={form}
        defaultRight="editable"
        initialValues={values}
        labels={labels}
        fixed={fixed}
        testId="f"
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Host />
    </QueryClientProvider>,
  );
  return instance as FormInstance;
}

describe('a launch form that starts with the launcher', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['flowTask', 'org', 'user']);
    // The pickers' searches are never answered: only what the form came with is known.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  afterEach(cleanup);

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

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import type { ComponentProps } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { i18nReady, loadNamespaces } from '../src/i18n';
import { FlowForm } from '../src/views/workFlow/form/FlowForm';

/** Renders the one form renderer with its own form instance (every field editable, test ids `f-…`). */
type Props = ComponentProps<typeof FlowForm>;
export function renderFlowForm(
  props: Omit<Props, 'form' | 'defaultRight'> & Partial<Pick<Props, 'defaultRight'>>,
): FormInstance {
  let instance: FormInstance | undefined;
  function Host() {
    const [form] = Form.useForm();
    instance = form;
    return <FlowForm testId="f" {...props} defaultRight={props.defaultRight ?? 'editable'} form={form} />;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Host />
    </QueryClientProvider>,
  );
  return instance as FormInstance;
}

/**
 * The suite around it: the translations loaded, the pickers' searches never answered (only what
 * the form came with is known), the page emptied after each test.
 */
export function flowFormSuite(namespaces: string[] = ['flowTask']) {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(namespaces);
    vi.stubGlobal('fetch', () => new Promise(() => {}));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  afterEach(cleanup);
}

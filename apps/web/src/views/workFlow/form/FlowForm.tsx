import type { FieldRight, FormField, FormSchema, FormSection } from '@srm/contracts/core';
import { Col, Collapse, Form, type FormInstance, Row, Tabs } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { fieldControl } from './FieldControl';
import { FieldValue, type FormLabels } from './FieldValue';
import { fieldRules } from './fieldRules';
import { useLinkageStates } from './formLinkage';
import { computeField, fieldLabel, rightOf } from './formValues';
import { LinesTable } from './LinesTable';
import { NarrowedOptions, parentPath } from './NarrowedOptions';
import './flowForm.css';

export interface FlowFormProps {
  schema: FormSchema;
  form: FormInstance;
  /** The node's field rights (field → right); a field not named has `defaultRight`. */
  rights?: Readonly<Record<string, string>>;
  /** Editable for the launcher, read-only for approvers and readers (as the server checks). */
  defaultRight: FieldRight;
  initialValues?: Record<string, unknown>;
  /** Names of the users and departments the data holds (the task page's `formLabels`). */
  labels?: FormLabels;
  /**
   * Editable fields the user may not change (the requester where he may name nobody else): shown
   * as text, their value still sent with the form.
   */
  fixed?: readonly string[];
  testId?: string;
}

/** A fixed field's value as text, in the form's store (Form.Item hands it `value`). */
function FixedValue({ value, ...rest }: { value?: unknown; field: FormField; labels: FormLabels }) {
  const language = useAppStore((s) => s.language);
  return <FieldValue value={value} locale={language} {...rest} />;
}

/** A computed top-level field (the requisition's total), following the lines as they change. */
function ComputedValue({ field, schema }: { field: FormField; schema: FormSchema }) {
  const language = useAppStore((s) => s.language);
  const values = Form.useWatch([], { preserve: true }) as Record<string, unknown> | undefined;
  const live = computeField(field, schema.fields, values ?? {});
  return <FieldValue field={field} value={live ?? values?.[field.name]} labels={{}} locale={language} />;
}

/**
 * The one renderer of a form schema (contracts `FormSchema`): fields in the schema's grid (one
 * column on a phone), each drawn by its node right — hidden fields are left out, read-only ones
 * shown as text, editable and required ones as controls with the schema's rules and the validation
 * module's messages. Computed fields follow their inputs; the server computes them again.
 */
export function FlowForm({
  schema,
  form,
  rights = {},
  defaultRight,
  initialValues,
  labels = {},
  fixed = [],
  testId = 'flow-form',
}: FlowFormProps) {
  const { t } = useTranslation('flowTask');
  const language = useAppStore((s) => s.language);
  const columns = schema.layout?.columns ?? 2;
  // A new state of the task mounts the form anew (its key) with the same form instance, whose store
  // antd keeps over the new initial values: the total would follow the lines before a resubmit.
  // Once per mount: the page cache hides and shows a page by running its effects again, and a form
  // half filled in must survive that (a ref does).
  const reset = useRef(false);
  useLayoutEffect(() => {
    if (reset.current) return;
    reset.current = true;
    form.resetFields();
  }, [form]);
  const states = useLinkageStates(schema, form);
  const renderField = (field: FormField) => {
    const right = rightOf(field, rights, defaultRight);
    if (right === 'hidden' || states?.form.hidden.has(field.name)) return null;
    const value = initialValues?.[field.name];
    const empty = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
    if (field.hideEmpty && right === 'readonly' && empty) return null;
    const span = field.span ?? Math.floor(24 / columns);
    const label = fieldLabel(field, language);
    const editable = right === 'editable' || right === 'required';
    const required =
      editable &&
      (right === 'required' || field.required === true || states?.form.required.has(field.name) === true);
    const rules = editable ? fieldRules(field, required, language) : [];
    let body: React.ReactNode;
    if (field.computed) {
      body = (
        <Form.Item label={label} data-testid={`${testId}-${field.name}`}>
          <ComputedValue field={field} schema={schema} />
        </Form.Item>
      );
    } else if (!editable) {
      body = (
        <Form.Item label={label} data-testid={`${testId}-${field.name}`}>
          <FieldValue field={field} value={initialValues?.[field.name]} labels={labels} locale={language} />
        </Form.Item>
      );
    } else if (fixed.includes(field.name) || states?.form.disabled.has(field.name)) {
      // Fixed for this user, or read-only while the rules say so: shown as text, kept in the form.
      body = (
        <Form.Item label={label} data-testid={`${testId}-${field.name}`}>
          <Form.Item name={field.name} noStyle>
            <FixedValue field={field} labels={labels} />
          </Form.Item>
        </Form.Item>
      );
    } else if (field.type === 'table') {
      body = (
        <Form.Item label={label} required={required} data-testid={`${testId}-${field.name}-item`}>
          <LinesTable field={field} rules={rules} labels={labels} locale={language} states={states} />
        </Form.Item>
      );
    } else {
      const item = (shown: FormField) => {
        const { control, item: props } = fieldControl(shown, {
          labels,
          locale: language,
          testId: `${testId}-${field.name}`,
          placeholder: t('form.choose'),
        });
        return (
          <Form.Item name={field.name} label={label} rules={rules} required={required} {...props}>
            {control}
          </Form.Item>
        );
      };
      body = field.optionFilter ? (
        <NarrowedOptions field={field} name={field.name} parent={parentPath(field)}>
          {item}
        </NarrowedOptions>
      ) : (
        item(field)
      );
    }
    return (
      <Col key={field.name} xs={24} md={span}>
        {body}
      </Col>
    );
  };
  const grid = (fields: readonly FormField[]) => <Row gutter={16}>{fields.map(renderField)}</Row>;
  const sections = schema.sections ?? [];
  const known = new Set(sections.map((section) => section.key));
  const loose = schema.fields.filter((f) => !f.section || !known.has(f.section));
  const inSection = (key: string) => schema.fields.filter((f) => f.section === key);
  const title = (section: FormSection) => section.titles?.[language] || section.title;
  // Neighbouring tabs make one tab bar; groups and panels stand alone. Every part is drawn (also a
  // closed tab or panel) so that its fields' rules run on submit.
  const parts: React.ReactNode[] = [];
  for (let i = 0; i < sections.length; i++) {
    const section = sections[i] as FormSection;
    if (section.kind === 'tab') {
      const tabs: FormSection[] = [];
      while (sections[i]?.kind === 'tab') tabs.push(sections[i++] as FormSection);
      i--;
      parts.push(
        <Tabs
          key={`tabs-${section.key}`}
          className="flow-form-tabs"
          items={tabs.map((tab) => ({
            key: tab.key,
            label: title(tab),
            forceRender: true,
            children: grid(inSection(tab.key)),
          }))}
        />,
      );
    } else if (section.kind === 'collapse') {
      parts.push(
        <Collapse
          key={section.key}
          className="flow-form-collapse"
          defaultActiveKey={section.collapsed ? [] : [section.key]}
          items={[
            {
              key: section.key,
              label: title(section),
              forceRender: true,
              children: grid(inSection(section.key)),
            },
          ]}
        />,
      );
    } else {
      parts.push(
        <fieldset key={section.key} className="flow-form-group">
          <legend>{title(section)}</legend>
          {grid(inSection(section.key))}
        </fieldset>,
      );
    }
  }
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      data-testid={testId}
      className="flow-form"
    >
      {grid(loose)}
      {parts}
    </Form>
  );
}

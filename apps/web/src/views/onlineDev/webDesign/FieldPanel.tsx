import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type DataModelDefinition,
  type DataModelField,
  FORM_FIELD_RULES,
  FORM_SECTION_KINDS,
  type FormField,
  type FormFieldOption,
  type FormFieldRuleName,
  type FormSection,
  type Locale,
} from '@srm/contracts/core';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCacheStore } from '../../../store/cache';
import { type CanvasItem, controlsFor, fieldFromModel, withControl } from './designOps';

type Labels = Partial<Record<Locale, string | undefined>>;

/** A field's label in a language (its main, Chinese label where it has none there). */
export function fieldLabelIn(field: { label: string; labels?: Labels | undefined }, locale: Locale): string {
  return field.labels?.[locale] || field.label;
}

export function sectionTitleIn(section: FormSection, locale: Locale): string {
  return section.titles?.[locale] || section.title;
}

const OPTION_TYPES = new Set(['select', 'radio', 'checkbox']);
const NUMBER_TYPES = new Set(['number', 'money']);

/** One labelled property: the label is tied to its control by id (a screen reader names it). */
function Prop({
  label,
  children,
  extra,
}: {
  label: string;
  children: (id: string) => ReactNode;
  extra?: ReactNode;
}) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} extra={extra} style={{ marginBottom: 12 }}>
      {children(id)}
    </Form.Item>
  );
}

/** The three-language texts of a label or a title: the Chinese one is the main one. */
function LocaleTexts({
  main,
  others,
  onChange,
  labels,
  testId,
  disabled,
}: {
  main: string;
  others: Labels | undefined;
  onChange: (main: string, others: Labels) => void;
  labels: [string, string, string];
  testId: string;
  disabled: boolean;
}) {
  return (
    <>
      <Prop label={labels[0]}>
        {(id) => (
          <Input
            id={id}
            value={main}
            maxLength={100}
            disabled={disabled}
            status={main.trim() ? undefined : 'error'}
            onChange={(e) => onChange(e.target.value, others ?? {})}
            data-testid={`${testId}-zh`}
          />
        )}
      </Prop>
      {(['en-US', 'zh-TW'] as const).map((locale, i) => (
        <Prop key={locale} label={labels[i + 1] as string}>
          {(id) => (
            <Input
              id={id}
              value={others?.[locale] ?? ''}
              maxLength={100}
              disabled={disabled}
              onChange={(e) => onChange(main, { ...others, [locale]: e.target.value || undefined })}
              data-testid={`${testId}-${locale === 'en-US' ? 'en' : 'tw'}`}
            />
          )}
        </Prop>
      ))}
    </>
  );
}

function OptionsEditor({
  options,
  onChange,
  disabled,
}: {
  options: FormFieldOption[];
  onChange: (options: FormFieldOption[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('onlineDev');
  const set = (i: number, patch: Partial<FormFieldOption>) =>
    onChange(options.map((o, n) => (n === i ? { ...o, ...patch } : o)));
  return (
    <div className="wd-options" data-testid="wd-options">
      {options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place while typed.
        <Space.Compact key={i} block style={{ marginBottom: 4 }}>
          <Input
            aria-label={t('props.optionValue', { n: i + 1 })}
            placeholder={t('props.value')}
            value={String(o.value)}
            disabled={disabled}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <Input
            aria-label={t('props.optionLabel', { n: i + 1 })}
            placeholder={t('props.label')}
            value={o.label}
            disabled={disabled}
            onChange={(e) => set(i, { label: e.target.value })}
          />
          <Input
            aria-label={t('props.optionParent', { n: i + 1 })}
            placeholder={t('props.parent')}
            value={o.parent === undefined ? '' : String(o.parent)}
            disabled={disabled}
            onChange={(e) => set(i, { parent: e.target.value || undefined })}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('props.removeOption', { n: i + 1 })}
            disabled={disabled}
            onClick={() => onChange(options.filter((_, n) => n !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange([...options, { value: `${options.length + 1}`, label: '' }])}
        data-testid="wd-option-add"
      >
        {t('props.addOption')}
      </Button>
    </div>
  );
}

function DefaultInput({
  field,
  id,
  disabled,
  onChange,
}: {
  field: FormField;
  id: string;
  disabled: boolean;
  onChange: (value: unknown) => void;
}) {
  const value = field.defaultValue;
  if (field.type === 'switch')
    return (
      <Switch
        id={id}
        checked={value === true}
        disabled={disabled}
        onChange={(v) => onChange(v || undefined)}
      />
    );
  if (NUMBER_TYPES.has(field.type))
    return (
      <InputNumber
        id={id}
        style={{ width: '100%' }}
        value={typeof value === 'number' ? value : null}
        disabled={disabled}
        onChange={(v) => onChange(v ?? undefined)}
      />
    );
  return (
    <Input
      id={id}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}

/** The chosen canvas item's properties: a field's or a section's. */
export function FieldPanel({
  item,
  items,
  modelField,
  linesModels,
  errors,
  readOnly,
  locale,
  onChange,
}: {
  item: CanvasItem;
  items: CanvasItem[];
  modelField: DataModelField | undefined;
  linesModels: Readonly<Record<string, DataModelDefinition>>;
  errors: string[] | undefined;
  readOnly: boolean;
  locale: Locale;
  onChange: (item: CanvasItem) => void;
}) {
  const { t } = useTranslation('onlineDev');
  // The tenant's dictionaries, as the start-up loaded them (both scopes): what an option list may name.
  const sysDists = useCacheStore((s) => s.sysDists);
  const baseDists = useCacheStore((s) => s.baseDists);
  const dictOptions = useMemo(
    () =>
      [...sysDists, ...baseDists].map((d) => ({ value: d.distCode, label: `${d.distName} (${d.distCode})` })),
    [sysDists, baseDists],
  );
  const localeLabels = (what: string): [string, string, string] => [
    t(`props.${what}Zh`),
    t(`props.${what}En`),
    t(`props.${what}Tw`),
  ];
  const alert = errors?.length ? (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={errors.join(' ')}
      data-testid="wd-props-errors"
    />
  ) : null;

  if (item.kind === 'section') {
    const s = item.section;
    const set = (patch: Partial<FormSection>) => onChange({ kind: 'section', section: { ...s, ...patch } });
    return (
      <Form layout="vertical" component="div" data-testid="wd-section-props">
        {alert}
        <LocaleTexts
          main={s.title}
          others={s.titles}
          labels={localeLabels('title')}
          testId="wd-prop-title"
          disabled={readOnly}
          onChange={(title, titles) => set({ title, titles })}
        />
        <Prop label={t('props.sectionKind')}>
          {(id) => (
            <Select
              id={id}
              value={s.kind}
              disabled={readOnly}
              options={FORM_SECTION_KINDS.map((k) => ({ value: k, label: t(`section.kinds.${k}`) }))}
              onChange={(kind) => set({ kind })}
            />
          )}
        </Prop>
        {s.kind === 'collapse' && (
          <Prop label={t('props.collapsed')}>
            {(id) => (
              <Switch
                id={id}
                checked={s.collapsed === true}
                disabled={readOnly}
                onChange={(v) => set({ collapsed: v || undefined })}
              />
            )}
          </Prop>
        )}
      </Form>
    );
  }

  const f = item.field;
  const set = (patch: Partial<FormField>) => onChange({ kind: 'field', field: { ...f, ...patch } });
  const controls = modelField ? controlsFor(modelField) : [f.type];
  const rule = f.rules?.[0];
  const otherFields = items.flatMap((i) =>
    i.kind === 'field' && i.field.name !== f.name && OPTION_TYPES.has(i.field.type)
      ? [{ value: i.field.name, label: fieldLabelIn(i.field, locale) }]
      : [],
  );
  const linesModel = modelField?.kind === 'lines' ? linesModels[modelField.model] : undefined;
  return (
    <Form layout="vertical" component="div" data-testid="wd-field-props">
      {alert}
      <p className="wd-hint">
        {t('props.modelField')}: <code>{f.name}</code>
        {modelField && ` · ${t(`kinds.${modelField.kind}`)}`}
      </p>
      <LocaleTexts
        main={f.label}
        others={f.labels}
        labels={localeLabels('label')}
        testId="wd-prop-label"
        disabled={readOnly}
        onChange={(label, labels) => set({ label, labels })}
      />
      <Prop label={t('props.control')}>
        {(id) => (
          <Select
            id={id}
            value={f.type}
            disabled={readOnly || controls.length < 2}
            options={controls.map((c) => ({ value: c, label: t(`controls.${c}`) }))}
            onChange={(type) => onChange({ kind: 'field', field: withControl(f, type, modelField) })}
            data-testid="wd-prop-control"
          />
        )}
      </Prop>
      {f.type !== 'table' && (
        <>
          <Prop label={t('props.placeholder')}>
            {(id) => (
              <Input
                id={id}
                value={f.placeholder ?? ''}
                maxLength={100}
                disabled={readOnly}
                onChange={(e) => set({ placeholder: e.target.value || undefined })}
              />
            )}
          </Prop>
          <Prop label={t('props.default')}>
            {(id) => (
              <DefaultInput
                id={id}
                field={f}
                disabled={readOnly}
                onChange={(v) => set({ defaultValue: v })}
              />
            )}
          </Prop>
        </>
      )}
      <Prop label={t('props.required')}>
        {(id) => (
          <Switch
            id={id}
            checked={f.required === true}
            disabled={readOnly || modelField?.required === true}
            onChange={(v) => set({ required: v || undefined })}
            data-testid="wd-prop-required"
          />
        )}
      </Prop>
      {(f.type === 'input' || f.type === 'textarea') && (
        <>
          <Prop label={t('props.rule')}>
            {(id) => (
              <Select<FormFieldRuleName>
                id={id}
                allowClear
                value={rule?.rule}
                disabled={readOnly}
                placeholder={t('props.noRule')}
                options={FORM_FIELD_RULES.map((r) => ({ value: r, label: t(`rules.${r}`) }))}
                onChange={(r) =>
                  set({
                    rules: r
                      ? [{ rule: r, pattern: r === 'pattern' ? rule?.pattern : undefined }]
                      : undefined,
                  })
                }
              />
            )}
          </Prop>
          {rule?.rule === 'pattern' && (
            <Prop label={t('props.pattern')}>
              {(id) => (
                <Input
                  id={id}
                  value={rule.pattern ?? ''}
                  disabled={readOnly}
                  onChange={(e) => set({ rules: [{ rule: 'pattern', pattern: e.target.value }] })}
                />
              )}
            </Prop>
          )}
        </>
      )}
      <Prop label={t('props.span')} extra={t('props.spanHelp')}>
        {(id) => (
          <InputNumber
            id={id}
            min={1}
            max={24}
            style={{ width: '100%' }}
            value={f.span ?? 12}
            disabled={readOnly}
            onChange={(v) => set({ span: v ?? undefined })}
            data-testid="wd-prop-span"
          />
        )}
      </Prop>
      {OPTION_TYPES.has(f.type) && (
        <>
          <Prop label={t('props.optionSource')}>
            {(id) => (
              <Radio.Group
                id={id}
                value={f.options ? 'fixed' : 'dictionary'}
                disabled={readOnly}
                onChange={(e) =>
                  e.target.value === 'fixed'
                    ? set({ options: f.options ?? [], dictionary: undefined })
                    : set({
                        options: undefined,
                        dictionary:
                          modelField?.kind === 'select' || modelField?.kind === 'multiSelect'
                            ? modelField.dictType
                            : '',
                      })
                }
                options={[
                  { value: 'dictionary', label: t('props.fromDictionary') },
                  { value: 'fixed', label: t('props.fixedList') },
                ]}
              />
            )}
          </Prop>
          {f.options ? (
            <OptionsEditor options={f.options} disabled={readOnly} onChange={(options) => set({ options })} />
          ) : (
            <Prop label={t('props.dictionary')}>
              {(id) => (
                <Select
                  id={id}
                  showSearch={{ optionFilterProp: 'label' }}
                  allowClear
                  value={f.dictionary || undefined}
                  disabled={readOnly}
                  placeholder={t('props.dictionaryPlaceholder')}
                  options={dictOptions}
                  onChange={(dictionary) => set({ dictionary: dictionary || undefined })}
                />
              )}
            </Prop>
          )}
          <Prop label={t('props.optionFilter')} extra={t('props.optionFilterHelp')}>
            {(id) => (
              <Select
                id={id}
                allowClear
                value={f.optionFilter?.field}
                disabled={readOnly}
                placeholder={t('props.noFilter')}
                options={otherFields}
                onChange={(field) => set({ optionFilter: field ? { field } : undefined })}
              />
            )}
          </Prop>
        </>
      )}
      {NUMBER_TYPES.has(f.type) && (
        <Prop label={t('props.computed')} extra={t('props.computedHelp')}>
          {(id) => (
            <Input
              id={id}
              value={f.computed ?? ''}
              maxLength={200}
              disabled={readOnly}
              onChange={(e) => set({ computed: e.target.value || undefined })}
            />
          )}
        </Prop>
      )}
      {f.type === 'table' && linesModel && (
        <Form.Item label={t('props.columns')}>
          <Checkbox.Group
            className="wd-columns-pick"
            disabled={readOnly}
            value={(f.columns ?? []).map((c) => c.name)}
            options={linesModel.fields
              .filter((c) => c.kind !== 'lines')
              .map((c) => ({ value: c.code, label: c.names[locale] || c.names['zh-CN'] }))}
            onChange={(codes) =>
              set({
                columns: linesModel.fields
                  .filter((c) => codes.includes(c.code))
                  .map(
                    (c) =>
                      f.columns?.find((k) => k.name === c.code) ?? {
                        ...fieldFromModel(c, linesModels),
                        span: undefined,
                      },
                  ),
              })
            }
          />
        </Form.Item>
      )}
    </Form>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PORTAL_COLUMNS,
  PORTAL_ROWS_MAX,
  PORTAL_SHORTCUTS_MAX,
  PORTAL_TABLE_ROWS_MAX,
  PORTAL_TEXT_MAX,
  PORTAL_Y_MAX,
  type PortalSources,
  REPORT_AGGREGATES,
  REPORT_CHART_TYPES,
  REPORT_COLUMNS_MAX,
  REPORT_FORMATS,
  REPORT_SERIES_MAX,
  validationMessage,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  type InputNumberProps,
  Row,
  Select,
  TreeSelect,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../../systemData/dataModel/model-form';
import { mapApi, mapKeys } from '../../systemData/map/api';
import { type FieldOption, FieldSelect, FieldsSelect, NameInputs, RowHead } from '../dataReport/EditorParts';
import { ParamItem } from '../dataReport/ParamForm';
import { chartHasSeries, NEW_COLUMN } from '../dataReport/report-form';
import { isDatasetType, type PortalFormValues, type WidgetFormValues } from './portal-form';

type Dataset = PortalSources['datasets'][number];

interface MenuOption {
  value: string;
  title: string;
  selectable: boolean;
  children?: MenuOption[];
}

/** The tenant's web menu as a tree to pick from: pages and the like; directories only hold them. */
function menuTree(menus: PortalSources['menus'], language: Parameters<typeof modelName>[0]): MenuOption[] {
  const ids = new Set(menus.map((m) => m.id));
  const build = (parentId: string | null): MenuOption[] =>
    menus
      .filter((m) => (parentId === null ? !ids.has(m.parentId) : m.parentId === parentId))
      .map((m) => {
        const children = build(m.id);
        return {
          value: m.id,
          title: modelName(language, m.names),
          selectable: m.type !== 0,
          ...(children.length ? { children } : {}),
        };
      });
  return build(null);
}

const LOCALES = [
  ['zh-CN', 'Zh'],
  ['en-US', 'En'],
  ['zh-TW', 'Tw'],
] as const;

/** A widget's title in three languages, all optional (empty: the widget type's title). */
function TitleInputs({ base, testId }: { base: (string | number)[]; testId: string }) {
  const { t } = useTranslation('visualPortal');
  return (
    <Row gutter={12}>
      {LOCALES.map(([locale, suffix]) => (
        <Col key={locale} xs={24} sm={8} xl={24}>
          <Form.Item name={[...base, 'names', locale]} label={t(`editor.title${suffix}`)}>
            <Input maxLength={locale === 'en-US' ? 100 : 50} data-testid={`${testId}-name-${locale}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** A place typed in: the form's value changes when the typing is done (Enter, leaving, a step). */
function PlaceNumber({ value, onChange, ...rest }: InputNumberProps<number>) {
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const commit = () => {
    if (draft !== undefined && draft !== null) onChange?.(draft);
    setDraft(undefined);
  };
  return (
    <InputNumber<number>
      {...rest}
      value={draft === undefined ? value : draft}
      onChange={(next) => setDraft(next)}
      onBlur={commit}
      onPressEnter={(e) => {
        // Enter takes the value, it does not save the portal.
        e.preventDefault();
        commit();
      }}
      onStep={(next) => {
        onChange?.(next);
        setDraft(undefined);
      }}
    />
  );
}

/** Where the widget is, typed in: column, row, width and height (what a drag and a resize change). */
function PlaceInputs({ base, testId }: { base: (string | number)[]; testId: string }) {
  const { t } = useTranslation('visualPortal');
  const limits = {
    x: [0, PORTAL_COLUMNS - 1],
    y: [0, PORTAL_Y_MAX],
    w: [1, PORTAL_COLUMNS],
    h: [1, PORTAL_ROWS_MAX],
  } as const;
  return (
    <fieldset className="pd-fieldset">
      <legend>{t('editor.place')}</legend>
      <Row gutter={12}>
        {(['x', 'y', 'w', 'h'] as const).map((key) => (
          <Col key={key} xs={12} sm={6} xl={12}>
            <Form.Item name={[...base, key]} label={t(`editor.${key}`)}>
              <PlaceNumber
                min={limits[key][0]}
                max={limits[key][1]}
                precision={0}
                style={{ width: '100%' }}
                data-testid={`${testId}-${key}`}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </fieldset>
  );
}

/** A table widget's columns: a field of the rows, its heading in three languages, its format. */
function TableColumns({
  base,
  fieldOptions,
  testId,
}: {
  base: (string | number)[];
  fieldOptions: FieldOption[];
  testId: string;
}) {
  const { t } = useTranslation(['visualPortal', 'dataReport']);
  const language = useAppStore((s) => s.language);
  const form = Form.useFormInstance<PortalFormValues>();
  const required = { required: true, message: validationMessage('validation.required', language) };
  return (
    <Form.List
      name={[...base, 'columns']}
      rules={[
        {
          validator: async (_, value: unknown[] | undefined) => {
            if (!value?.length) throw new Error(t('editor.noColumns'));
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <div key={field.key} className="rpt-editor-row" data-testid={`${testId}-col-${index}`}>
              <RowHead
                title={t('dataReport:editor.column', { n: index + 1 })}
                index={index}
                count={fields.length}
                onMove={(to) => move(index, to)}
                onRemove={() => remove(index)}
                testId={`${testId}-col-${index}`}
              />
              <Row gutter={12}>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item
                    name={[field.name, 'field']}
                    label={t('dataReport:editor.field')}
                    rules={[required]}
                  >
                    <FieldSelect
                      options={fieldOptions}
                      data-testid={`${testId}-col-${index}-field`}
                      onChange={(value) => {
                        // A new column is headed by its field until it is named.
                        const path = [...base, 'columns', field.name, 'names', 'zh-CN'];
                        if (value && !form.getFieldValue(path)) form.setFieldValue(path, value);
                      }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={6}>
                  <Form.Item name={[field.name, 'format']} label={t('dataReport:editor.format')}>
                    <Select
                      options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`dataReport:format.${f}`) }))}
                      data-testid={`${testId}-col-${index}-format`}
                    />
                  </Form.Item>
                </Col>
                <NameInputs
                  name={[field.name, 'names']}
                  labels={[
                    t('dataReport:editor.heading'),
                    t('dataReport:editor.headingEn'),
                    t('dataReport:editor.headingTw'),
                  ]}
                  testId={`${testId}-col-${index}-name`}
                />
              </Row>
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= REPORT_COLUMNS_MAX}
            onClick={() => add({ ...NEW_COLUMN, names: { 'zh-CN': '' } })}
            style={{ marginBottom: 16 }}
            data-testid={`${testId}-col-add`}
          >
            {t('dataReport:editor.addColumn')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/**
 * A chart, number or table widget's dataset, its fixed parameter values and what it shows (a
 * portal's, or a data screen's: the form's widget holds the same parts at `base`).
 */
export function DatasetSettings({
  base,
  widget,
  datasets,
  testId,
}: {
  base: (string | number)[];
  widget: Pick<WidgetFormValues, 'datasetId' | 'chart' | 'aggregate'> & { type: string };
  datasets: Dataset[];
  testId: string;
}) {
  const { t } = useTranslation(['visualPortal', 'dataReport']);
  const language = useAppStore((s) => s.language);
  const form = Form.useFormInstance<PortalFormValues>();
  const required = { required: true, message: validationMessage('validation.required', language) };
  const dataset = datasets.find((d) => d.id === widget.datasetId);
  const fieldOptions = (dataset?.columns ?? []).map((c) => ({ value: c, label: c }));
  const chartType = widget.chart?.type;
  const maps = useQuery({
    queryKey: mapKeys.choices(),
    queryFn: mapApi.choices,
    enabled: chartType === 'map',
  });
  return (
    <>
      <Form.Item
        name={[...base, 'datasetId']}
        label={t('editor.dataset')}
        extra={dataset && dataset.columns === null ? t('editor.columnsUnknown') : t('editor.datasetHelp')}
        rules={[required]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={datasets.map((d) => ({
            value: d.id,
            label: `${modelName(language, d.names)} (${d.code})`,
          }))}
          notFoundContent={t('editor.noDataset')}
          // Another dataset: the values fixed for the last one's parameters do not apply.
          onChange={() => form.setFieldValue([...base, 'params'], {})}
          data-testid={`${testId}-dataset`}
        />
      </Form.Item>
      {dataset && dataset.params.length > 0 && (
        <fieldset className="pd-fieldset">
          <legend>{t('editor.params')}</legend>
          <p className="pd-help">{t('editor.paramsHelp')}</p>
          {dataset.params.map((p) => (
            <ParamItem key={p.code} param={p} prefix={testId} name={[...base, 'params', p.code]} />
          ))}
        </fieldset>
      )}
      {widget.type === 'chart' && (
        <Row gutter={12}>
          <Col xs={24} sm={12} xl={24}>
            <Form.Item name={[...base, 'chart', 'type']} label={t('dataReport:editor.chartType')}>
              <Select
                options={REPORT_CHART_TYPES.map((c) => ({ value: c, label: t(`dataReport:chartType.${c}`) }))}
                onChange={(next: (typeof REPORT_CHART_TYPES)[number]) => {
                  if (!chartHasSeries(next)) form.setFieldValue([...base, 'chart', 'series'], undefined);
                }}
                data-testid={`${testId}-chart-type`}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={24}>
            <Form.Item
              name={[...base, 'chart', 'x']}
              label={t('dataReport:editor.chartX')}
              rules={[required]}
            >
              <FieldSelect options={fieldOptions} data-testid={`${testId}-chart-x`} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={24}>
            <Form.Item
              name={[...base, 'chart', 'y']}
              label={t('dataReport:editor.chartY')}
              extra={
                chartType === 'pie' || chartType === 'scatter'
                  ? t('dataReport:editor.chartYFirst')
                  : t('dataReport:editor.chartYHelp', { max: REPORT_SERIES_MAX })
              }
              rules={[{ ...required, type: 'array', min: 1 }]}
            >
              <FieldsSelect
                options={fieldOptions}
                maxCount={REPORT_SERIES_MAX}
                data-testid={`${testId}-chart-y`}
              />
            </Form.Item>
          </Col>
          {chartType === 'map' && (
            <Col xs={24} sm={12} xl={24}>
              <Form.Item
                name={[...base, 'chart', 'mapId']}
                label={t('dataReport:editor.chartMap')}
                extra={t('dataReport:editor.chartMapHelp')}
                rules={[required]}
              >
                <Select
                  loading={maps.isLoading}
                  options={(maps.data?.list ?? []).map((m) => ({
                    value: m.id,
                    label: modelName(language, m.names),
                  }))}
                  data-testid={`${testId}-chart-map`}
                />
              </Form.Item>
            </Col>
          )}
          {chartHasSeries(chartType) && (
            <Col xs={24} sm={12} xl={24}>
              <Form.Item
                name={[...base, 'chart', 'series']}
                label={t('dataReport:editor.chartSeries')}
                extra={t('dataReport:editor.chartSeriesHelp')}
              >
                <FieldSelect allowClear options={fieldOptions} data-testid={`${testId}-chart-series`} />
              </Form.Item>
            </Col>
          )}
        </Row>
      )}
      {widget.type === 'number' && (
        <Row gutter={12}>
          <Col xs={24} sm={8} xl={24}>
            <Form.Item name={[...base, 'aggregate']} label={t('dataReport:editor.aggregate')}>
              <Select
                options={REPORT_AGGREGATES.map((a) => ({ value: a, label: t(`dataReport:aggregate.${a}`) }))}
                onChange={(next: string) => {
                  // A count counts rows: any column does; the first one is taken when none is chosen.
                  const path = [...base, 'field'];
                  if (next === 'count' && !form.getFieldValue(path) && fieldOptions[0])
                    form.setFieldValue(path, fieldOptions[0].value);
                }}
                data-testid={`${testId}-aggregate`}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8} xl={24}>
            <Form.Item
              name={[...base, 'field']}
              label={t('dataReport:editor.field')}
              extra={widget.aggregate === 'count' ? t('editor.countHelp') : undefined}
              rules={[required]}
            >
              <FieldSelect allowClear options={fieldOptions} data-testid={`${testId}-field`} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8} xl={24}>
            <Form.Item name={[...base, 'format']} label={t('dataReport:editor.format')}>
              <Select
                options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`dataReport:format.${f}`) }))}
                data-testid={`${testId}-format`}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      {widget.type === 'table' && (
        <>
          <Form.Item name={[...base, 'rows']} label={t('editor.rows')} rules={[required]}>
            <InputNumber min={1} max={PORTAL_TABLE_ROWS_MAX} precision={0} data-testid={`${testId}-rows`} />
          </Form.Item>
          <Typography.Title level={3} className="pd-subsection">
            {t('dataReport:editor.table')}
          </Typography.Title>
          <TableColumns base={base} fieldOptions={fieldOptions} testId={testId} />
        </>
      )}
    </>
  );
}

/**
 * The settings of the widget at `index` of the form's widgets: its title, its place, and what its
 * type takes (rows of a list, a dataset and what it shows, menu items, text). Every widget's
 * settings stay in the form, hidden but the selected one's, so that saving checks them all.
 */
export function WidgetSettings({
  index,
  widget,
  sources,
  testId,
  onRemove,
}: {
  index: number;
  widget: WidgetFormValues;
  sources: PortalSources;
  /** The test ids' prefix (the selected widget's: `pd-widget`). */
  testId: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation('visualPortal');
  const language = useAppStore((s) => s.language);
  const base = ['widgets', index];
  const required = { required: true, message: validationMessage('validation.required', language) };
  const tree = useMemo(() => menuTree(sources.menus, language), [sources.menus, language]);
  return (
    <div data-testid={`${testId}-settings`} data-type={widget.type}>
      <div className="rpt-editor-row-head">
        <Typography.Title level={3} className="pd-subsection">
          {t('editor.settingsOf', { type: t(`widget.${widget.type}`) })}
        </Typography.Title>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          data-testid={`${testId}-remove`}
        >
          {t('editor.removeWidget')}
        </Button>
      </div>
      <TitleInputs base={base} testId={testId} />
      {(widget.type === 'todo' || widget.type === 'unread' || widget.type === 'notices') && (
        <Form.Item name={[...base, 'rows']} label={t('editor.listRows')} rules={[required]}>
          <InputNumber min={1} max={20} precision={0} data-testid={`${testId}-rows`} />
        </Form.Item>
      )}
      {isDatasetType(widget.type) && (
        <DatasetSettings base={base} widget={widget} datasets={sources.datasets} testId={testId} />
      )}
      {widget.type === 'shortcuts' && (
        <Form.Item
          name={[...base, 'menuIds']}
          label={t('editor.menus')}
          extra={t('editor.menusHelp', { max: PORTAL_SHORTCUTS_MAX })}
        >
          <TreeSelect
            multiple
            treeData={tree}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            maxCount={PORTAL_SHORTCUTS_MAX}
            popupMatchSelectWidth={false}
            data-testid={`${testId}-menus`}
          />
        </Form.Item>
      )}
      {widget.type === 'text' && (
        <>
          <p className="pd-help">{t('editor.htmlHelp')}</p>
          {LOCALES.map(([locale, suffix]) => (
            <Form.Item key={locale} name={[...base, 'html', locale]} label={t(`editor.html${suffix}`)}>
              <Input.TextArea
                rows={5}
                maxLength={PORTAL_TEXT_MAX}
                spellCheck={false}
                data-testid={`${testId}-html-${locale}`}
              />
            </Form.Item>
          ))}
        </>
      )}
      <PlaceInputs base={base} testId={testId} />
    </div>
  );
}

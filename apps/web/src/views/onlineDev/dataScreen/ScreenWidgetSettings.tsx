import { DeleteOutlined } from '@ant-design/icons';
import {
  DATA_SCREEN_ALIGNS,
  DATA_SCREEN_CLOCK_FORMATS,
  DATA_SCREEN_HEIGHT,
  DATA_SCREEN_MIN_SIDE,
  DATA_SCREEN_TEXT_MAX,
  DATA_SCREEN_WIDTH,
  type PortalSources,
} from '@srm/contracts/core';
import { Button, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DatasetSettings } from '../visualPortal/WidgetSettings';
import { isScreenDatasetType, type ScreenWidgetFormValues } from './screen-form';

const LOCALES = [
  ['zh-CN', ''],
  ['en-US', 'En'],
  ['zh-TW', 'Tw'],
] as const;

/** Three inputs of one text per language (`field` of the widget at `base`). */
function PerLanguage({
  base,
  field,
  label,
  area = false,
  testId,
}: {
  base: (string | number)[];
  field: 'names' | 'text';
  label: 'caption' | 'text';
  area?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('dataScreen');
  return (
    <Row gutter={12}>
      {LOCALES.map(([locale, suffix]) => (
        <Col key={locale} xs={24} sm={8} xl={24}>
          <Form.Item name={[...base, field, locale]} label={t(`editor.${label}${suffix}`)}>
            {area ? (
              <Input.TextArea
                rows={2}
                maxLength={DATA_SCREEN_TEXT_MAX}
                data-testid={`${testId}-${field}-${locale}`}
              />
            ) : (
              <Input maxLength={locale === 'en-US' ? 100 : 50} data-testid={`${testId}-${field}-${locale}`} />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** Where the widget is on the canvas, typed in (what a drag and a resize change). */
function PlaceInputs({ base, testId }: { base: (string | number)[]; testId: string }) {
  const { t } = useTranslation('dataScreen');
  const limits = {
    x: [0, DATA_SCREEN_WIDTH - DATA_SCREEN_MIN_SIDE],
    y: [0, DATA_SCREEN_HEIGHT - DATA_SCREEN_MIN_SIDE],
    w: [DATA_SCREEN_MIN_SIDE, DATA_SCREEN_WIDTH],
    h: [DATA_SCREEN_MIN_SIDE, DATA_SCREEN_HEIGHT],
  } as const;
  return (
    <fieldset className="pd-fieldset">
      <legend>{t('editor.place')}</legend>
      <Row gutter={12}>
        {(['x', 'y', 'w', 'h'] as const).map((key) => (
          <Col key={key} xs={12} sm={6} xl={12}>
            <Form.Item name={[...base, key]} label={t(`editor.${key}`)}>
              <InputNumber
                min={limits[key][0]}
                max={limits[key][1]}
                step={10}
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

/**
 * The settings of the widget at `index` of the form's widgets: its caption, what its type takes
 * (a text, a clock's format, a dataset and what it shows: the portal designer's own settings) and
 * its place. Every widget's settings stay in the form, hidden but the selected one's.
 */
export function ScreenWidgetSettings({
  index,
  widget,
  sources,
  testId,
  onRemove,
}: {
  index: number;
  widget: ScreenWidgetFormValues;
  sources: Pick<PortalSources, 'datasets'>;
  testId: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation('dataScreen');
  const base = ['widgets', index];
  const hasText = widget.type === 'title' || widget.type === 'text';
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
      <PerLanguage base={base} field="names" label="caption" testId={testId} />
      {hasText && <PerLanguage base={base} field="text" label="text" area testId={testId} />}
      {(hasText || widget.type === 'clock') && (
        <Row gutter={12}>
          <Col xs={12} xl={12}>
            <Form.Item name={[...base, 'fontSize']} label={t('editor.fontSize')}>
              <InputNumber min={10} max={200} precision={0} data-testid={`${testId}-fontSize`} />
            </Form.Item>
          </Col>
          <Col xs={12} xl={12}>
            {hasText ? (
              <Form.Item name={[...base, 'align']} label={t('editor.align')}>
                <Select
                  options={DATA_SCREEN_ALIGNS.map((a) => ({ value: a, label: t(`align.${a}`) }))}
                  data-testid={`${testId}-align`}
                />
              </Form.Item>
            ) : (
              <Form.Item name={[...base, 'format']} label={t('editor.clockFormat')}>
                <Select
                  options={DATA_SCREEN_CLOCK_FORMATS.map((f) => ({ value: f, label: t(`clock.${f}`) }))}
                  data-testid={`${testId}-clock-format`}
                />
              </Form.Item>
            )}
          </Col>
        </Row>
      )}
      {isScreenDatasetType(widget.type) && (
        <DatasetSettings base={base} widget={widget} datasets={sources.datasets} testId={testId} />
      )}
      <PlaceInputs base={base} testId={testId} />
    </div>
  );
}

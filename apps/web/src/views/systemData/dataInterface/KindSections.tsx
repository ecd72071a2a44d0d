import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DATA_INTERFACE_METHODS,
  DATA_INTERFACE_SOURCES,
  type DataInterfaceOptions,
  isInterfaceUrl,
  isJsonText,
  validationMessage,
} from '@srm/contracts/core';
import { Button, Col, Form, type FormInstance, Input, Radio, Row, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../dataModel/model-form';
import { type BindingChoice, bindingRows, type DataInterfaceFormValues } from './data-interface-form';

/** The sources a parameter's value may come from; the dataset's default only where it has one or may be empty. */
const SOURCES: readonly BindingChoice[] = ['query', 'fixed', ...DATA_INTERFACE_SOURCES.slice(2), 'default'];
/** A string `{{name}}` of a body template, shown as such in the help texts. */
const EXAMPLE = '"{{name}}"';

const jsonRule = (message: string) => ({
  validator: (_: unknown, value: string | undefined) =>
    !value?.trim() || isJsonText(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** A monospaced text area for JSON, growing with what is typed. `value`/`onChange` come from its Form.Item. */
function JsonArea({ rows, testId, ...field }: { rows: number; testId: string }) {
  return (
    <Input.TextArea
      {...field}
      autoSize={{ minRows: rows, maxRows: rows * 3 }}
      spellCheck={false}
      className="di-code"
      data-testid={testId}
    />
  );
}

function useMsg() {
  const language = useAppStore((s) => s.language);
  return (key: string) => validationMessage(key, language);
}

/** kind `static`: the JSON answered as typed. */
export function StaticSection() {
  const { t } = useTranslation('dataInterface');
  const msg = useMsg();
  return (
    <Form.Item
      name="staticJson"
      label={t('editor.staticJson')}
      extra={t('editor.staticHelp')}
      rules={[
        { required: true, whitespace: true, message: msg('validation.required') },
        jsonRule(t('editor.jsonInvalid')),
      ]}
    >
      <JsonArea rows={6} testId="di-static" />
    </Form.Item>
  );
}

/** kind `dataset`: which dataset, and where each of its parameters takes its value. */
export function DatasetSection({
  form,
  datasets,
}: {
  form: FormInstance<DataInterfaceFormValues>;
  datasets: DataInterfaceOptions['datasets'];
}) {
  const { t } = useTranslation('dataInterface');
  const language = useAppStore((s) => s.language);
  const msg = useMsg();
  const datasetId = Form.useWatch('datasetId', form);
  // `preserve`: a row's parameter has no field of its own, and only preserved values include it.
  const bindings = Form.useWatch('bindings', { form, preserve: true }) ?? [];
  const params = datasets.find((d) => d.id === datasetId)?.params ?? [];
  return (
    <>
      <Form.Item
        name="datasetId"
        label={t('editor.dataset')}
        extra={t('editor.datasetHelp')}
        rules={[{ required: true, message: msg('validation.required') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={datasets.map((d) => ({
            value: d.id,
            label: `${modelName(language, d.names)} (${d.code})`,
          }))}
          notFoundContent={t('editor.noDataset')}
          onChange={(id: string) =>
            form.setFieldValue('bindings', bindingRows(datasets.find((d) => d.id === id)?.params ?? [], []))
          }
          data-testid="di-dataset"
        />
      </Form.Item>
      {datasetId && (
        <section aria-label={t('editor.bindings')} data-testid="di-bindings">
          <Typography.Title level={2} className="di-section">
            {t('editor.bindings')}
          </Typography.Title>
          {params.length === 0 && (
            <Typography.Paragraph type="secondary">{t('editor.noParams')}</Typography.Paragraph>
          )}
          <Form.List name="bindings">
            {(fields) =>
              fields.map((field) => {
                const param = params.find((p) => p.code === bindings[field.name]?.param);
                const source = bindings[field.name]?.source;
                const label = param ? `${modelName(language, param.names)} (${param.code})` : '';
                const optional = !param?.required || !!param.defaultValue;
                return (
                  <Row gutter={8} key={field.key} align="top" data-testid={`di-binding-${field.name}`}>
                    <Col xs={24} md={8} className="di-param">
                      <Typography.Text strong>{label}</Typography.Text>{' '}
                      {!optional && <Tag>{t('editor.required')}</Tag>}
                    </Col>
                    <Col xs={12} md={8}>
                      <Form.Item name={[field.name, 'source']}>
                        <Select
                          aria-label={`${t('editor.source')}: ${label}`}
                          options={SOURCES.filter((s) => s !== 'default' || optional).map((s) => ({
                            value: s,
                            label: t(`source.${s}`),
                          }))}
                          data-testid={`di-binding-${field.name}-source`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={8}>
                      {(source === 'query' || source === 'fixed') && (
                        <Form.Item
                          name={[field.name, 'value']}
                          rules={[
                            source === 'query'
                              ? {
                                  pattern: /^[A-Za-z][A-Za-z0-9_]{0,29}$/,
                                  message: msg('validation.dataInterfaceQueryName'),
                                }
                              : { max: 200, message: msg('validation.tooLong') },
                            ...(source === 'query'
                              ? [{ required: true, message: msg('validation.required') }]
                              : []),
                          ]}
                        >
                          <Input
                            aria-label={`${t('editor.value')}: ${label}`}
                            placeholder={t('editor.value')}
                            spellCheck={false}
                            data-testid={`di-binding-${field.name}-value`}
                          />
                        </Form.Item>
                      )}
                    </Col>
                  </Row>
                );
              })
            }
          </Form.List>
        </section>
      )}
    </>
  );
}

/** kind `http`: the call, its write-only headers, and what of the caller's query it passes on. */
export function HttpSection({ form }: { form: FormInstance<DataInterfaceFormValues> }) {
  const { t } = useTranslation('dataInterface');
  const msg = useMsg();
  const method = Form.useWatch(['http', 'method'], form);
  const headers = Form.useWatch(['http', 'headers'], { form, preserve: true }) ?? [];
  const removeLabel = t('editor.remove');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item name={['http', 'method']} label={t('editor.method')}>
            <Radio.Group
              optionType="button"
              options={DATA_INTERFACE_METHODS.map((m) => ({
                value: m,
                label: <span data-testid={`di-method-${m}`}>{m}</span>,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={18}>
          <Form.Item
            name={['http', 'url']}
            label={t('editor.url')}
            extra={t('editor.urlHelp')}
            rules={[
              { required: true, whitespace: true, message: msg('validation.required') },
              {
                validator: (_: unknown, value: string | undefined) =>
                  !value || isInterfaceUrl(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(msg('validation.dataInterfaceUrl'))),
              },
            ]}
          >
            <Input maxLength={2000} autoComplete="off" spellCheck={false} data-testid="di-url" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name={['http', 'params']}
        label={t('editor.params')}
        extra={t('editor.paramsHelp', { example: EXAMPLE })}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          open={false}
          suffixIcon={null}
          data-testid="di-http-params"
        />
      </Form.Item>
      {method === 'POST' && (
        <Form.Item
          name={['http', 'body']}
          label={t('editor.body')}
          extra={t('editor.bodyHelp', { example: EXAMPLE })}
          rules={[jsonRule(t('editor.jsonInvalid'))]}
        >
          <JsonArea rows={4} testId="di-body" />
        </Form.Item>
      )}
      <section aria-label={t('editor.headers')}>
        <Typography.Title level={2} className="di-section">
          {t('editor.headers')}
        </Typography.Title>
        <Form.List name={['http', 'headers']}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row gutter={8} key={field.key} align="top" data-testid={`di-header-${field.name}`}>
                  <Col xs={24} md={9}>
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[
                        { required: true, message: msg('validation.required') },
                        {
                          pattern: /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/,
                          message: msg('validation.dataInterfaceHeaderName'),
                        },
                      ]}
                    >
                      <Input
                        aria-label={t('editor.headerName')}
                        placeholder={t('editor.headerName')}
                        spellCheck={false}
                        data-testid={`di-header-${field.name}-name`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={13}>
                    <Form.Item
                      name={[field.name, 'value']}
                      extra={
                        headers[field.name]?.kept ? (
                          <span data-testid={`di-header-${field.name}-kept`}>{t('editor.headerKept')}</span>
                        ) : undefined
                      }
                      rules={
                        headers[field.name]?.kept
                          ? []
                          : [{ required: true, message: msg('validation.required') }]
                      }
                    >
                      <Input.Password
                        aria-label={t('editor.headerValue')}
                        placeholder={t('editor.headerValue')}
                        autoComplete="new-password"
                        data-testid={`di-header-${field.name}-value`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={2}>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={removeLabel}
                      title={removeLabel}
                      onClick={() => remove(field.name)}
                      data-testid={`di-header-${field.name}-remove`}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', value: '', kept: false })}
                data-testid="di-add-header"
              >
                {t('editor.addHeader')}
              </Button>
            </>
          )}
        </Form.List>
      </section>
    </>
  );
}

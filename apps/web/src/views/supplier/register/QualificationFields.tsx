import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { BUSINESS_LICENCE_CODE, type RegisterOptions, VENDOR_FILE_MAX_BYTES } from '@srm/contracts/core';
import { Button, Col, DatePicker, Form, Row, Select, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../utils/message';
import { registerApi } from './api';
import type { FileRef } from './formValues';
import type { RegisterRules } from './rules';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/gif,image/webp';

interface FileFieldProps {
  id?: string;
  value?: FileRef;
  onChange?: (file: FileRef | undefined) => void;
  tenant: string;
  testId: string;
}

/** Whether keyboard focus has nowhere to be (the control that held it has just left the page). */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** One qualification's file: uploaded when chosen (PDF or image ≤ 10 MB; the server checks the content). */
function FileField({ id, value, onChange, tenant, testId }: FileFieldProps) {
  const { t } = useTranslation('vendorRegister');
  const [busy, setBusy] = useState(false);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // The button that held focus gives way to the file's name (or back): focus follows to its
  // replacement, the Remove button (or the choose button), instead of falling to the page.
  const follow = useRef(false);
  useEffect(() => {
    if (!follow.current) return;
    follow.current = false;
    if (!focusLost()) return;
    (value ? removeRef : chooseRef).current?.focus();
  }, [value]);
  const change = (file: FileRef | undefined) => {
    follow.current = true;
    onChange?.(file);
  };
  if (value) {
    const name = value.fileName || t('fileKept');
    return (
      <span className="srm-register-file" data-testid={`${testId}-file`}>
        <PaperClipOutlined />
        <span>{name}</span>
        <Button
          ref={removeRef}
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('removeFile', { name })}
          onClick={() => change(undefined)}
          data-testid={`${testId}-remove`}
        />
      </span>
    );
  }
  return (
    <Upload
      accept={ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        if (file.size > VENDOR_FILE_MAX_BYTES) {
          toast.error(t('fileTooLarge'));
          return Upload.LIST_IGNORE;
        }
        setBusy(true);
        registerApi
          .upload(file, tenant)
          .then((saved) => change({ id: saved.id, key: saved.key, fileName: saved.fileName }))
          .catch(() => undefined)
          .finally(() => setBusy(false));
        return false;
      }}
    >
      <Button ref={chooseRef} id={id} icon={<UploadOutlined />} loading={busy} data-testid={testId}>
        {t('chooseFile')}
      </Button>
    </Upload>
  );
}

/** Step 5: the qualifications — the business licence always, others by type — each a file with its expiry. */
export function QualificationFields({
  rules,
  options,
  tenant,
}: {
  rules: RegisterRules;
  options: RegisterOptions;
  tenant: string;
}) {
  const { t } = useTranslation('vendorRegister');
  const types = options.qualificationTypes.map((o) => ({ value: o.code, label: o.name }));
  return (
    <Form.List name="qualifications" rules={rules.qualifications}>
      {(fields, { add, remove }, { errors }) => (
        <>
          <p className="srm-register-hint">{t('qualificationsHint')}</p>
          {fields.map((field, index) => {
            const licence = index === 0;
            return (
              <fieldset key={field.key} className="srm-register-qual" data-testid={`register-qual-${index}`}>
                <legend className="srm-visually-hidden">{t('qualificationN', { n: index + 1 })}</legend>
                <Row gutter={16}>
                  <Col xs={24} md={8}>
                    <Form.Item name={[field.name, 'qualType']} label={t('qualType')} rules={rules.qualType}>
                      <Select
                        disabled={licence}
                        options={
                          licence
                            ? types.filter((o) => o.value === BUSINESS_LICENCE_CODE)
                            : types.filter((o) => o.value !== BUSINESS_LICENCE_CODE)
                        }
                        data-testid={`register-qual-${index}-type`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name={[field.name, 'file']} label={t('file')} rules={rules.file}>
                      <FileField tenant={tenant} testId={`register-qual-${index}-upload`} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[field.name, 'expiresOn']}
                      label={t('expiresOn')}
                      rules={rules.expiresOn}
                    >
                      <DatePicker
                        // Required: typed over rather than cleared (the clear icon is a 14 px target).
                        allowClear={false}
                        style={{ width: '100%' }}
                        disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                        data-testid={`register-qual-${index}-expires`}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                {!licence && (
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    style={{ marginBottom: 12, paddingInline: 0 }}
                    data-testid={`register-qual-${index}-remove`}
                  >
                    {t('removeQualification')}
                  </Button>
                )}
              </fieldset>
            );
          })}
          <Form.ErrorList errors={errors} />
          {fields.length < 20 && (
            <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="register-qual-add">
              {t('addQualification')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

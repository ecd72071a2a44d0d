import { REGISTERED_CAPITAL_MAX, type RegisterOptions } from '@srm/contracts/core';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaCascader } from '../../../components/area';
import type { RegisterRules } from './rules';

const half = { xs: 24, md: 12 } as const;

/** Step 1: the company (name, credit code, legal data, type, address, business scope). */
export function CompanyFields({ rules, options }: { rules: RegisterRules; options: RegisterOptions }) {
  const { t } = useTranslation('vendorRegister');
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item name="supplierName" label={t('supplierName')} rules={rules.supplierName}>
          <Input maxLength={200} autoComplete="organization" data-testid="register-supplierName" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="creditCode"
          label={t('creditCode')}
          rules={rules.creditCode}
          extra={t('creditCodeHint')}
        >
          <Input maxLength={18} data-testid="register-creditCode" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="legalPerson" label={t('legalPerson')} rules={rules.legalPerson}>
          <Input maxLength={50} data-testid="register-legalPerson" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="registeredCapital" label={t('registeredCapital')}>
          <InputNumber
            min={0}
            max={REGISTERED_CAPITAL_MAX}
            precision={2}
            style={{ width: '100%' }}
            data-testid="register-registeredCapital"
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="foundDate" label={t('foundDate')}>
          <DatePicker style={{ width: '100%' }} data-testid="register-foundDate" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="companyType" label={t('companyType')}>
          <Select
            allowClear
            data-testid="register-companyType"
            options={options.companyTypes.map((o) => ({ value: o.code, label: o.name }))}
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="area" label={t('area')} rules={rules.area}>
          <AreaCascader data-testid="register-area" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="address" label={t('address')} rules={rules.address}>
          <Input maxLength={200} autoComplete="street-address" data-testid="register-address" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="businessScope" label={t('businessScope')} rules={rules.businessScope}>
          <Input.TextArea
            maxLength={2000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            data-testid="register-businessScope"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

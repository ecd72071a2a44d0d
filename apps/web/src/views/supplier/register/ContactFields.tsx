import type { RegisterOption, RegisterOptions } from '@srm/contracts/core';
import { Col, Form, Input, Row, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisterRules } from './rules';

const half = { xs: 24, md: 12 } as const;

type TreeNode = { value: string; title: string; children?: TreeNode[] };
const toTree = (list: RegisterOption[]): TreeNode[] =>
  list.map((o) => ({
    value: o.code,
    title: o.name,
    ...(o.children?.length ? { children: toTree(o.children) } : {}),
  }));

/** Step 2: the supply categories (the most specific ones chosen; a whole group picks its members). */
export function CategoryFields({ rules, options }: { rules: RegisterRules; options: RegisterOptions }) {
  const { t } = useTranslation('vendorRegister');
  return (
    <Form.Item name="categories" label={t('categories')} rules={rules.categories} extra={t('categoriesHint')}>
      <TreeSelect
        treeCheckable
        showCheckedStrategy={TreeSelect.SHOW_CHILD}
        treeDefaultExpandAll
        treeNodeFilterProp="title"
        showSearch
        allowClear
        placeholder={t('categoriesPlaceholder')}
        treeData={toTree(options.categories)}
        data-testid="register-categories"
      />
    </Form.Item>
  );
}

/** Step 3: the contact person. */
export function ContactFields({ rules }: { rules: RegisterRules }) {
  const { t } = useTranslation('vendorRegister');
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item name={['contact', 'contactName']} label={t('contactName')} rules={rules.contactName}>
          <Input maxLength={50} autoComplete="name" data-testid="register-contactName" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['contact', 'mobile']} label={t('mobile')} rules={rules.mobile}>
          <Input maxLength={11} inputMode="tel" autoComplete="tel" data-testid="register-mobile" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['contact', 'email']} label={t('email')} rules={rules.email}>
          <Input maxLength={100} type="email" autoComplete="email" data-testid="register-email" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['contact', 'phone']} label={t('phone')} rules={rules.phone} extra={t('phoneHint')}>
          <Input maxLength={30} inputMode="tel" data-testid="register-phone" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Step 4: the bank account. */
export function BankFields({ rules }: { rules: RegisterRules }) {
  const { t } = useTranslation('vendorRegister');
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item name={['bank', 'bankName']} label={t('bankName')} rules={rules.bankName}>
          <Input maxLength={100} data-testid="register-bankName" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['bank', 'branch']} label={t('branch')} rules={rules.branch}>
          <Input maxLength={100} data-testid="register-branch" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name={['bank', 'accountNo']} label={t('accountNo')} rules={rules.accountNo}>
          <Input maxLength={32} inputMode="numeric" data-testid="register-accountNo" />
        </Form.Item>
      </Col>
    </Row>
  );
}

import { EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChangeKind, SupplierDetail, SupplierProfileBody } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Drawer, Form, Input, Space, Spin, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaCascader } from '../../../../components/area';
import { applyServerFieldErrors } from '../../../../components/org/formRules';
import { useDiscardGuard } from '../../../../components/useDiscardGuard';
import { useUserStore } from '../../../../store/user';
import { toast } from '../../../../utils/message';
import { portalApi, requestApi, vendorKeys } from '../../api';
import { BanksTable, CompanyDescriptions, ContactsTable, QualificationsTable } from '../../SupplierRecord';
import { areaPathOf } from '../../shared';
import { CategoryPanel } from './CategoryPanel';
import { ChangeAction, ChangeDrawer, ChangeList } from './ChangeRequests';

type Values = Omit<SupplierProfileBody, 'areaCode'> & { area: string[] };

/** The administrator's profile edit: area, address, business scope, contacts (nothing legal or bank). */
function ProfileDrawer({ s, onClose }: { s: SupplierDetail; onClose(): void }) {
  const { t } = useTranslation('vendor');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  // Whether the user changed a field (onValuesChange: not the initial values): Escape, the ×,
  // Cancel or a click beside the drawer then ask before throwing it away.
  const changed = useRef(false);
  const close = useDiscardGuard(() => changed.current, onClose);
  const save = useMutation({
    mutationFn: ({ area, ...values }: Values) =>
      portalApi.saveProfile({ ...values, areaCode: area?.at(-1) ?? '' }),
    onSuccess: (data) => {
      toast.success(t('saved'));
      queryClient.setQueryData(vendorKeys.mine(), data);
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <Drawer
      open
      title={t('editProfile')}
      onClose={close}
      size="min(640px, 100vw)"
      destroyOnHidden
      data-testid="profile-form"
      extra={
        <Space>
          <Button onClick={close}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="profile-form-submit"
          >
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon message={t('legalByApproval')} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        onValuesChange={() => {
          changed.current = true;
        }}
        initialValues={{
          area: areaPathOf(s.areaCode),
          address: s.address,
          businessScope: s.businessScope,
          contacts: s.contacts.map(({ id: _id, ...c }) => c),
        }}
      >
        <Form.Item name="area" label={t('area')}>
          <AreaCascader changeOnSelect data-testid="profile-area" />
        </Form.Item>
        <Form.Item name="address" label={t('address')}>
          <Input maxLength={200} data-testid="profile-address" />
        </Form.Item>
        <Form.Item name="businessScope" label={t('businessScope')}>
          <Input.TextArea rows={3} maxLength={2000} showCount data-testid="profile-scope" />
        </Form.Item>
        <Form.List name="contacts">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((field, i) => (
                <Card
                  key={field.key}
                  size="small"
                  title={t('contactN', { n: i + 1 })}
                  extra={
                    fields.length > 1 && (
                      <Button
                        type="text"
                        danger
                        icon={<MinusCircleOutlined />}
                        aria-label={t('removeContact', { n: i + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    )
                  }
                >
                  <Form.Item
                    name={[field.name, 'contactName']}
                    label={t('contactName')}
                    rules={[{ required: true, whitespace: true, message: t('required') }]}
                  >
                    <Input maxLength={50} data-testid={`profile-contact-name-${i}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'mobile']}
                    label={t('mobile')}
                    rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: t('mobileRule') }]}
                  >
                    <Input maxLength={11} data-testid={`profile-contact-mobile-${i}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'email']}
                    label={t('email')}
                    rules={[{ type: 'email', message: t('emailRule') }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'phone']} label={t('phone')}>
                    <Input maxLength={30} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'isPrimary']} valuePropName="checked" noStyle>
                    <Checkbox>{t('primary')}</Checkbox>
                  </Form.Item>
                </Card>
              ))}
              {fields.length < 20 && (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ contactName: '', mobile: '', email: '', phone: '', isPrimary: false })}
                  data-testid="profile-contact-add"
                >
                  {t('addContact')}
                </Button>
              )}
            </Space>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}

/** One part of the profile under its heading (a page of sections: nothing hidden behind tabs at 390 px). */
function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`company-${id}`} className="srm-company-section" data-testid={`company-${id}`}>
      <div className="srm-company-section-head">
        <Typography.Title level={2} id={`company-${id}`} className="srm-company-section-title">
          {title}
        </Typography.Title>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * The supplier's own record: company, contacts, bank, its change requests, categories and
 * qualifications. Its administrator edits the profile; bank and legal data change only through a
 * change request, further categories through an admission of their own.
 */
export default function CompanyPage() {
  const { t } = useTranslation('vendor');
  const userId = useUserStore((s) => s.userInfo?.id);
  const [editing, setEditing] = useState(false);
  const [changing, setChanging] = useState<ChangeKind | null>(null);
  const mine = useQuery({ queryKey: vendorKeys.mine(), queryFn: portalApi.mine });
  const changes = useQuery({ queryKey: vendorKeys.myChanges(), queryFn: requestApi.changes });
  const apps = useQuery({ queryKey: vendorKeys.myCategoryApps(), queryFn: requestApi.categoryApps });
  const s = mine.data;
  const isAdmin = !!s && s.adminUserId === userId;
  const action = (kind: ChangeKind) => (
    <ChangeAction
      kind={kind}
      changes={changes.data}
      mayRequest={isAdmin}
      onRequest={() => setChanging(kind)}
    />
  );
  return (
    <Card variant="borderless" data-testid="company-page">
      <Spin spinning={mine.isLoading}>
        {s && (
          <div className="srm-company-sections">
            <Section
              id="company"
              title={t('tab.company')}
              action={
                isAdmin && (
                  <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="company-edit">
                    {t('editProfile')}
                  </Button>
                )
              }
            >
              {action('legal')}
              <CompanyDescriptions s={s} />
            </Section>
            <Section id="contacts" title={t('tab.contacts')}>
              <ContactsTable s={s} />
            </Section>
            <Section id="bank" title={t('tab.bank')}>
              {action('bank')}
              <BanksTable s={s} />
            </Section>
            <Section id="requests" title={t('request.myChanges')}>
              <ChangeList changes={changes.data} loading={changes.isLoading} />
            </Section>
            <Section id="categories" title={t('tab.categories')}>
              <CategoryPanel s={s} apps={apps.data} loading={apps.isLoading} />
            </Section>
            <Section id="qualifications" title={t('tab.qualifications')}>
              <QualificationsTable s={s} />
            </Section>
            {editing && <ProfileDrawer s={s} onClose={() => setEditing(false)} />}
            {changing && isAdmin && <ChangeDrawer s={s} kind={changing} onClose={() => setChanging(null)} />}
          </div>
        )}
      </Spin>
    </Card>
  );
}

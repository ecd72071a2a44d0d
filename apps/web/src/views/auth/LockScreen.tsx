import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../store/user';
import { avatarUrl } from '../../utils/avatar';
import './auth.css';

/** Lock screen (docs/rules.md#sessions): stays locked across reloads until the server accepts the password. */
export default function LockScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const userInfo = useUserStore((s) => s.userInfo);
  const unlock = useUserStore((s) => s.unlock);
  const logout = useUserStore((s) => s.logout);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const onFinish = async ({ password }: { password: string }) => {
    setSubmitting(true);
    try {
      await unlock(password);
      navigate('/', { replace: true });
    } catch {
      form.setFieldValue('password', '');
    } finally {
      setSubmitting(false);
    }
  };

  const name = userInfo?.realName || userInfo?.userName || userInfo?.account || '';
  return (
    <div className="srm-auth-page" style={{ background: token.colorBgLayout }} data-testid="lock-screen">
      <Card className="srm-auth-card" variant="borderless" style={{ boxShadow: token.boxShadowSecondary }}>
        <div className="srm-lock-center">
          <Avatar
            size={88}
            src={avatarUrl(userInfo?.headIcon)}
            alt=""
            icon={<UserOutlined />}
            data-testid="lock-avatar"
          />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="lock-name">
            {name}
          </Typography.Title>
          <Typography.Text type="secondary">
            <LockOutlined /> {t('auth:lock.title')}
          </Typography.Text>
        </div>
        <Form form={form} onFinish={onFinish} size="large" data-testid="lock-form">
          <Form.Item name="password" rules={[{ required: true, message: t('auth:lock.passwordRequired') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('auth:lock.passwordPlaceholder')}
              autoComplete="current-password"
              autoFocus
              data-testid="lock-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="lock-submit">
            {t('auth:lock.unlock')}
          </Button>
        </Form>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button type="link" onClick={() => void logout()} data-testid="lock-logout">
            {t('auth:lock.relogin')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

import { CheckCircleFilled, CloseCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  formatDate,
  WechatApi,
  WX_QR_EXPIRE_SECONDS,
  type WxBindState,
  wxQrImageUrl,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Popconfirm, Spin, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../api/request';
import { toast } from '../utils/message';

/** The QR code is shown as expired a little before WeChat stops accepting it. */
const EXPIRY_MARGIN_MS = 10_000;
/** While the QR code is shown, the binding state is asked this often (the scan binds on the server). */
const BIND_POLL_MS = 2000;
const BIND_STATE_KEY = ['wxBindState'];

/**
 * The QR code: the image with its loading, error and expired states, the hint and refresh; `onBack`
 * returns to the binding when the user came here to bind again.
 */
function QrBody({ onBack, onLiveChange }: { onBack?: () => void; onLiveChange(live: boolean): void }) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  // A new QR code each time the dialog opens (the body mounts with it); errors shown here, not toasted.
  const qr = useQuery({
    queryKey: ['wxBindQrCode'],
    queryFn: () => http.get<string>(WechatApi.qrCode, undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const ticket = qr.data;
  // Both kept per ticket, so a new ticket starts out loading and valid.
  const [imageOf, setImageOf] = useState<{ ticket: string; state: 'loaded' | 'failed' } | null>(null);
  const [expiredTicket, setExpiredTicket] = useState<string | null>(null);
  const image = ticket && imageOf?.ticket === ticket ? imageOf.state : 'loading';
  const expired = !!ticket && expiredTicket === ticket;

  // A ticket expires WX_QR_EXPIRE_SECONDS after it was made.
  useEffect(() => {
    if (!ticket) return;
    const timer = setTimeout(() => setExpiredTicket(ticket), WX_QR_EXPIRE_SECONDS * 1000 - EXPIRY_MARGIN_MS);
    return () => clearTimeout(timer);
  }, [ticket]);

  const refresh = () => void qr.refetch();
  const failure = qr.isError
    ? qr.error instanceof ApiError
      ? qr.error.msg
      : t('common:requestError')
    : image === 'failed'
      ? t('wxBind.imageFailed')
      : null;
  const busy = qr.isFetching || (!!ticket && image === 'loading' && !failure);
  const state = failure && !qr.isFetching ? 'error' : busy ? 'loading' : expired ? 'expired' : 'ready';
  // Nobody can scan an expired or failed code: the dialog stops asking whether a scan bound it.
  const live = state === 'ready' || state === 'loading';
  useEffect(() => onLiveChange(live), [live, onLiveChange]);

  return (
    <div className="srm-wx-bind" data-testid="wx-bind-body">
      <div
        className="srm-wx-qr"
        style={{ borderColor: token.colorBorderSecondary, background: token.colorFillQuaternary }}
        data-testid="wx-bind-qr-box"
        data-state={state}
      >
        {ticket && image !== 'failed' && !qr.isError && (
          <img
            key={ticket}
            className="srm-wx-qr-image"
            src={wxQrImageUrl(ticket)}
            alt={t('wxBind.alt')}
            onLoad={() => setImageOf({ ticket, state: 'loaded' })}
            onError={() => setImageOf({ ticket, state: 'failed' })}
            data-testid="wx-bind-qr"
            style={{ visibility: image === 'loaded' ? 'visible' : 'hidden' }}
          />
        )}
        {state === 'error' ? (
          <div className="srm-wx-qr-state" data-testid="wx-bind-error">
            <CloseCircleOutlined style={{ fontSize: 28, color: token.colorError }} />
            <Typography.Text type="danger" data-testid="wx-bind-error-text">
              {failure}
            </Typography.Text>
            <Button size="small" onClick={refresh} data-testid="wx-bind-retry">
              {t('wxBind.retry')}
            </Button>
          </div>
        ) : state === 'loading' ? (
          <div className="srm-wx-qr-state" data-testid="wx-bind-loading">
            <Spin />
          </div>
        ) : state === 'expired' ? (
          <div
            className="srm-wx-qr-state"
            style={{ background: token.colorBgMask }}
            data-testid="wx-bind-expired"
          >
            <Typography.Text style={{ color: '#fff' }}>{t('wxBind.expired')}</Typography.Text>
            <Button size="small" type="primary" onClick={refresh} data-testid="wx-bind-expired-refresh">
              {t('wxBind.refresh')}
            </Button>
          </div>
        ) : null}
      </div>
      <Typography.Text>{t('wxBind.hint')}</Typography.Text>
      <Typography.Text type="secondary">
        {t('wxBind.validity', { minutes: Math.round(WX_QR_EXPIRE_SECONDS / 60) })}
      </Typography.Text>
      <div className="srm-wx-bound-actions">
        {onBack && (
          <Button onClick={onBack} data-testid="wx-bind-back">
            {t('wxBind.back')}
          </Button>
        )}
        <Button
          icon={<ReloadOutlined />}
          onClick={refresh}
          loading={qr.isFetching}
          data-testid="wx-bind-refresh"
        >
          {t('wxBind.refresh')}
        </Button>
      </div>
    </div>
  );
}

/**
 * What the dialog shows: the state being asked for; the binding (`fresh` when it was just made
 * while the dialog was open); or the QR code, waiting for a binding newer than `baseline`.
 */
type Phase =
  | { kind: 'checking' }
  | { kind: 'bound'; fresh: boolean }
  | { kind: 'qr'; baseline: number | null };

/** The bound state: since when, unbinding (confirmed) and binding again. */
function BoundBody({
  state,
  fresh,
  onRebind,
  onUnbound,
}: {
  state: WxBindState;
  fresh: boolean;
  onRebind(): void;
  onUnbound(): void;
}) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const unbind = useMutation({
    mutationFn: () => http.delete<null>(WechatApi.bind),
    onSuccess: () => {
      toast.success(t('wxBind.unbound'));
      onUnbound();
    },
  });
  return (
    <div className="srm-wx-bind" data-testid="wx-bind-bound" data-fresh={fresh}>
      <CheckCircleFilled className="srm-wx-bound-icon" style={{ color: token.colorSuccess }} />
      <Typography.Text strong data-testid="wx-bind-bound-title">
        {fresh ? t('wxBind.success') : t('wxBind.bound')}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="wx-bind-bound-at">
        {t('wxBind.boundAt', { time: formatDate(state.boundAt, 'yyyy-MM-dd HH:mm:ss') })}
      </Typography.Text>
      <div className="srm-wx-bound-actions">
        <Button icon={<ReloadOutlined />} onClick={onRebind} data-testid="wx-bind-rebind">
          {t('wxBind.rebind')}
        </Button>
        <Popconfirm
          title={t('wxBind.unbindConfirm')}
          onConfirm={() => unbind.mutateAsync().catch(() => undefined)}
          okButtonProps={{ danger: true, 'data-testid': 'wx-bind-unbind-confirm' }}
        >
          <Button danger loading={unbind.isPending} data-testid="wx-bind-unbind">
            {t('wxBind.unbind')}
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}

/**
 * The dialog's content: asks whether the user is bound; shows the binding, or the QR code while
 * asking again every BIND_POLL_MS until the scan has bound the account (then stops).
 */
function BindBody() {
  const { t } = useTranslation('layout');
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [qrLive, setQrLive] = useState(true);
  const state = useQuery({
    queryKey: BIND_STATE_KEY,
    queryFn: () => http.get<WxBindState>(WechatApi.bindState, undefined, { silent: true }),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: phase.kind === 'qr' && qrLive ? BIND_POLL_MS : false,
  });
  const data = state.data;

  useEffect(() => {
    if (!data) return;
    if (phase.kind === 'checking')
      setPhase(data.bound ? { kind: 'bound', fresh: false } : { kind: 'qr', baseline: null });
    else if (phase.kind === 'qr' && data.bound && data.boundAt !== phase.baseline)
      setPhase({ kind: 'bound', fresh: true });
    // Unbound meanwhile (another tab): back to the code, asking again.
    else if (phase.kind === 'bound' && !data.bound) setPhase({ kind: 'qr', baseline: null });
  }, [data, phase]);

  if (phase.kind === 'checking') {
    if (state.isError)
      return (
        <div className="srm-wx-bind" data-testid="wx-bind-check-error">
          <Typography.Text type="danger">
            {state.error instanceof ApiError ? state.error.msg : t('wxBind.checkFailed')}
          </Typography.Text>
          <Button size="small" onClick={() => void state.refetch()} data-testid="wx-bind-check-retry">
            {t('wxBind.retry')}
          </Button>
        </div>
      );
    return (
      <div className="srm-wx-bind" data-testid="wx-bind-checking">
        <Spin />
      </div>
    );
  }
  if (phase.kind === 'bound' && data?.bound)
    return (
      <BoundBody
        state={data}
        fresh={phase.fresh}
        onRebind={() => setPhase({ kind: 'qr', baseline: data.boundAt })}
        onUnbound={() => {
          queryClient.setQueryData<WxBindState>(BIND_STATE_KEY, { bound: false, boundAt: null });
          setPhase({ kind: 'qr', baseline: null });
        }}
      />
    );
  const baseline = phase.kind === 'qr' ? phase.baseline : null;
  return (
    <QrBody
      onBack={baseline === null ? undefined : () => setPhase({ kind: 'bound', fresh: false })}
      onLiveChange={setQrLive}
    />
  );
}

/** The top bar's "bind the public account" dialog (docs/rules.md#wechat-binding): the QR code a user scans with WeChat. */
export function WxBindDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('layout');
  return (
    <Modal
      open={open}
      title={t('wxBind.title')}
      footer={null}
      onCancel={onClose}
      width={360}
      centered
      destroyOnHidden
      data-testid="wx-bind-dialog"
    >
      {open && <BindBody />}
    </Modal>
  );
}

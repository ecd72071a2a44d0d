/**
 * Sending a text message (a verification code: auth/sms-code-service.ts) through the gateway the
 * deployment configures (`SMS_GATEWAY`, docs/sign-in.md): Aliyun's or Tencent Cloud's SMS service,
 * or the recording gateway, which keeps what it was asked to send (tests read it) and writes it to
 * the server's log (development). Each adapter signs its provider's request as that provider
 * documents (Aliyun's RPC signature, Tencent Cloud's TC3-HMAC-SHA256) with `node:crypto`, so the
 * product needs neither provider's SDK.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';

export type SmsTemplate = 'login' | 'reset';

export interface SmsMessage {
  mobile: string;
  template: SmsTemplate;
  code: string;
  minutes: number;
}

export interface SmsGateway {
  readonly kind: 'recording' | 'aliyun' | 'tencent';
  /** Throws when the provider refuses or cannot be reached (its message, never a secret). */
  send(message: SmsMessage): Promise<void>;
}

export interface SmsConfig {
  gateway: 'recording' | 'aliyun' | 'tencent';
  /** The recording gateway also appends each message as a JSON line here (`SMS_RECORD_FILE`). */
  recordFile?: string;
  aliyun?: {
    accessKeyId: string;
    accessKeySecret: string;
    signName: string;
    templates: Record<SmsTemplate, string>;
    endpoint: string;
  };
  tencent?: {
    secretId: string;
    secretKey: string;
    appId: string;
    signName: string;
    templates: Record<SmsTemplate, string>;
    region: string;
    endpoint: string;
  };
}

/** `SMS_GATEWAY` and its provider's settings; the recording gateway when none is named. */
export function loadSms(env: NodeJS.ProcessEnv): SmsConfig {
  const gateway = env.SMS_GATEWAY?.trim();
  if (gateway === 'aliyun')
    return {
      gateway,
      aliyun: {
        accessKeyId: env.SMS_ALIYUN_ACCESS_KEY_ID ?? '',
        accessKeySecret: env.SMS_ALIYUN_ACCESS_KEY_SECRET ?? '',
        signName: env.SMS_ALIYUN_SIGN_NAME ?? '',
        templates: { login: env.SMS_ALIYUN_TEMPLATE_LOGIN ?? '', reset: env.SMS_ALIYUN_TEMPLATE_RESET ?? '' },
        endpoint: env.SMS_ALIYUN_ENDPOINT?.trim() || 'https://dysmsapi.aliyuncs.com',
      },
    };
  if (gateway === 'tencent')
    return {
      gateway,
      tencent: {
        secretId: env.SMS_TENCENT_SECRET_ID ?? '',
        secretKey: env.SMS_TENCENT_SECRET_KEY ?? '',
        appId: env.SMS_TENCENT_APP_ID ?? '',
        signName: env.SMS_TENCENT_SIGN_NAME ?? '',
        templates: {
          login: env.SMS_TENCENT_TEMPLATE_LOGIN ?? '',
          reset: env.SMS_TENCENT_TEMPLATE_RESET ?? '',
        },
        region: env.SMS_TENCENT_REGION?.trim() || 'ap-guangzhou',
        endpoint: env.SMS_TENCENT_ENDPOINT?.trim() || 'https://sms.tencentcloudapi.com',
      },
    };
  const recordFile = env.SMS_RECORD_FILE?.trim();
  return { gateway: 'recording', ...(recordFile ? { recordFile } : {}) };
}

/** A provider's request is given up on after this long. */
const SEND_TIMEOUT_MS = 10_000;

/** Keeps every message it is asked to send; `log` (the server's) sees the mobile and the code. */
export class RecordingSmsGateway implements SmsGateway {
  readonly kind = 'recording' as const;
  readonly sent: SmsMessage[] = [];
  constructor(
    private readonly log?: (message: SmsMessage) => void,
    private readonly file?: string,
  ) {}
  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
    if (this.sent.length > 1000) this.sent.shift();
    this.log?.(message);
    // The browser tests read the phone's inbox here (e2e/playwright.config.ts).
    if (this.file) await appendFile(this.file, `${JSON.stringify(message)}\n`);
  }
  /** The last code sent to `mobile` (tests). */
  lastCode(mobile: string): string | undefined {
    return this.sent.filter((m) => m.mobile === mobile).at(-1)?.code;
  }
}

/** RFC 3986 percent-encoding, as Aliyun's signature wants it (`~` kept, space as %20). */
const percent = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun's RPC signature of `params` (HMAC-SHA1 over the sorted, encoded query). */
export function aliyunSignature(params: Record<string, string>, secret: string, method = 'GET'): string {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${percent(k)}=${percent(params[k] ?? '')}`)
    .join('&');
  const toSign = `${method}&${percent('/')}&${percent(query)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

class AliyunSmsGateway implements SmsGateway {
  readonly kind = 'aliyun' as const;
  constructor(private readonly c: NonNullable<SmsConfig['aliyun']>) {}
  async send(message: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.c.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.c.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.c.templates[message.template],
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = aliyunSignature(params, this.c.accessKeySecret);
    const query = new URLSearchParams({ Signature: signature, ...params });
    const res = await fetch(`${this.c.endpoint}/?${query}`, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code !== 'OK')
      throw new Error(`aliyun: ${body.Code ?? res.status} ${body.Message ?? ''}`.trim());
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** Tencent Cloud's TC3-HMAC-SHA256 authorisation of a JSON POST to `host` at `timestamp` (s). */
export function tencentAuthorization(o: {
  secretId: string;
  secretKey: string;
  host: string;
  payload: string;
  timestamp: number;
  service?: string;
}): string {
  const service = o.service ?? 'sms';
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:application/json; charset=utf-8\nhost:${o.host}\n`,
    'content-type;host',
    sha256(o.payload),
  ].join('\n');
  const scope = `${date}/${service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(o.timestamp), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${o.secretKey}`, date), service), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${o.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

class TencentSmsGateway implements SmsGateway {
  readonly kind = 'tencent' as const;
  constructor(private readonly c: NonNullable<SmsConfig['tencent']>) {}
  async send(message: SmsMessage): Promise<void> {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${message.mobile}`],
      SmsSdkAppId: this.c.appId,
      SignName: this.c.signName,
      TemplateId: this.c.templates[message.template],
      TemplateParamSet: [message.code, String(message.minutes)],
    });
    const host = new URL(this.c.endpoint).host;
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await fetch(this.c.endpoint, {
      method: 'POST',
      body: payload,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        authorization: tencentAuthorization({ ...this.c, host, payload, timestamp }),
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': this.c.region,
      },
    });
    const body = (await res.json().catch(() => ({}))) as {
      Response?: {
        Error?: { Code: string; Message: string };
        SendStatusSet?: { Code: string; Message: string }[];
      };
    };
    const error = body.Response?.Error ?? body.Response?.SendStatusSet?.find((s) => s.Code !== 'Ok');
    if (error || !body.Response)
      throw new Error(`tencent: ${error?.Code ?? res.status} ${error?.Message ?? ''}`.trim());
  }
}

export function createSmsGateway(config: SmsConfig | undefined, log?: (m: SmsMessage) => void): SmsGateway {
  if (config?.gateway === 'aliyun' && config.aliyun) return new AliyunSmsGateway(config.aliyun);
  if (config?.gateway === 'tencent' && config.tencent) return new TencentSmsGateway(config.tencent);
  return new RecordingSmsGateway(log, config?.recordFile);
}

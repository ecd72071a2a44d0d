import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunSignature, createSmsGateway, loadSms, tencentAuthorization } from '../../src/core/sms';

/**
 * The SMS adapters against local stand-ins for Aliyun's and Tencent Cloud's endpoints: each
 * stand-in checks the request's signature as its provider does, from what it received, and answers
 * as the provider answers a good or a refused send.
 */
let server: Server;
let base = '';
let answer: object = {};
let seen: { url: string; headers: IncomingMessage['headers']; body: string } | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen = { url: req.url ?? '', headers: req.headers, body };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message = { mobile: '13800000001', template: 'login' as const, code: '123456', minutes: 5 };

describe('the SMS gateways', () => {
  it('signs an Aliyun SendSms call so that its signature checks out, and hears a refusal', async () => {
    const gateway = createSmsGateway(
      loadSms({
        SMS_GATEWAY: 'aliyun',
        SMS_ALIYUN_ACCESS_KEY_ID: 'key-id',
        SMS_ALIYUN_ACCESS_KEY_SECRET: 'key-secret',
        SMS_ALIYUN_SIGN_NAME: '采购平台',
        SMS_ALIYUN_TEMPLATE_LOGIN: 'SMS_1',
        SMS_ALIYUN_ENDPOINT: base,
      }),
    );
    answer = { Code: 'OK', Message: 'OK' };
    await gateway.send(message);
    const query = Object.fromEntries(new URL(seen?.url ?? '', base).searchParams);
    const { Signature, ...signed } = query;
    expect(Signature).toBe(aliyunSignature(signed, 'key-secret'));
    expect(signed).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13800000001',
      SignName: '采购平台',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
    });
    answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' };
    await expect(gateway.send(message)).rejects.toThrow('isv.BUSINESS_LIMIT_CONTROL');
  });

  it('signs a Tencent Cloud SendSms call with TC3-HMAC-SHA256, and hears a refusal', async () => {
    const gateway = createSmsGateway(
      loadSms({
        SMS_GATEWAY: 'tencent',
        SMS_TENCENT_SECRET_ID: 'AKID-test',
        SMS_TENCENT_SECRET_KEY: 'secret-key',
        SMS_TENCENT_APP_ID: '1400000000',
        SMS_TENCENT_SIGN_NAME: '采购平台',
        SMS_TENCENT_TEMPLATE_LOGIN: '100001',
        SMS_TENCENT_ENDPOINT: base,
      }),
    );
    answer = { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }], RequestId: 'r' } };
    await gateway.send(message);
    const headers = seen?.headers ?? {};
    expect(headers.authorization).toBe(
      tencentAuthorization({
        secretId: 'AKID-test',
        secretKey: 'secret-key',
        host: new URL(base).host,
        payload: seen?.body ?? '',
        timestamp: Number(headers['x-tc-timestamp']),
      }),
    );
    expect(headers['x-tc-action']).toBe('SendSms');
    expect(JSON.parse(seen?.body ?? '{}')).toMatchObject({
      PhoneNumberSet: ['+8613800000001'],
      TemplateId: '100001',
      TemplateParamSet: ['123456', '5'],
    });
    answer = { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' } } };
    await expect(gateway.send(message)).rejects.toThrow('AuthFailure.SignatureFailure');
  });

  it('records what it is asked to send when no provider is configured', async () => {
    const gateway = createSmsGateway(loadSms({}));
    expect(gateway.kind).toBe('recording');
    await gateway.send(message);
    expect((gateway as unknown as { lastCode(m: string): string }).lastCode('13800000001')).toBe('123456');
  });
});

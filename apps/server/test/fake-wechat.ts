import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WX_QR_EXPIRE_SECONDS } from '@srm/contracts';

/**
 * A fake of the WeChat official-account API for tests: a node:http server on a random port that
 * records every call and answers what a test plans (else a good answer).
 */

export const APP_ID = 'wx-test-app';
export const APP_SECRET = 'very-secret-value';
/** The token of the server configuration: WeChat signs its callbacks with it. */
export const MP_TOKEN = 'callback-token';

export type Answer = { status?: number; body: unknown; raw?: string } | 'hang';
export interface Call {
  path: string;
  query: URLSearchParams;
  body: { expire_seconds?: number; action_name?: string; action_info?: { scene?: { scene_str?: string } } };
}

export class FakeWechat {
  readonly calls: Call[] = [];
  /** Planned answers, used up in order; afterwards a good answer. */
  readonly tokenAnswers: Answer[] = [];
  readonly qrAnswers: Answer[] = [];
  /** Never answers anything (a server that hangs). */
  hangAll = false;
  private tokens = 0;
  private tickets = 0;
  readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      this.calls.push({ path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : {} });
      let answer: Answer | undefined;
      if (this.hangAll) answer = 'hang';
      else if (url.pathname === '/cgi-bin/token') {
        answer = this.tokenAnswers.shift() ?? {
          body: { access_token: `token-${++this.tokens}`, expires_in: 7200 },
        };
      } else if (url.pathname === '/cgi-bin/qrcode/create' && req.method === 'POST') {
        answer = this.qrAnswers.shift() ?? {
          body: {
            ticket: `gQH47joAAAAAAAAAASxodHRw+Oi8v/${++this.tickets}==`,
            expire_seconds: WX_QR_EXPIRE_SECONDS,
            url: `http://weixin.qq.com/q/fake${this.tickets}`,
          },
        };
      } else answer = { status: 404, body: { errcode: 404, errmsg: 'no such api' } };
      if (answer === 'hang') return; // never answers (a timeout)
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.raw ?? JSON.stringify(answer.body));
    });
  });

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    this.server.close();
  }
  of(path: string) {
    return this.calls.filter((c) => c.path === path);
  }
  get tokenCalls() {
    return this.of('/cgi-bin/token');
  }
  get qrCalls() {
    return this.of('/cgi-bin/qrcode/create');
  }
}

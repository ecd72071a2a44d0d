import type { ServerChatFrame } from '@srm/contracts';
import WebSocket from 'ws';

type Frame = ServerChatFrame;
type Of<M extends Frame['method']> = Extract<Frame, { method: M }>;

/**
 * A chat socket client for tests: keeps every frame it receives, so a test can wait for one
 * (`next`) or check that none of a kind arrived (`frames`).
 */
export class TestSocket {
  readonly frames: Frame[] = [];
  closed = false;
  closeCode = 0;
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  /** Frames already handed out by `next`. */
  private readonly taken = new Set<Frame>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      const waiter = this.waiters.find((w) => w.test(frame));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        this.taken.add(frame);
        waiter.resolve(frame);
      }
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }

  static async open(baseUrl: string, token?: string): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/message/websocket`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const socket = new TestSocket(ws);
    if (token) {
      socket.send({ method: 'OnConnection', token });
      await socket.next('initMessage');
    }
    return socket;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /**
   * The first frame of this method not yet taken by `next` that passes the test, received or
   * still to come; fails after `ms`.
   */
  next<M extends Frame['method']>(
    method: M,
    test: (f: Of<M>) => boolean = () => true,
    ms = 5000,
  ): Promise<Of<M>> {
    const match = (f: Frame) => f.method === method && test(f as Of<M>);
    const found = this.frames.find((f) => !this.taken.has(f) && match(f));
    if (found) {
      this.taken.add(found);
      return Promise.resolve(found as Of<M>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} frame within ${ms} ms`)), ms);
      this.waiters.push({
        test: match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as Of<M>);
        },
      });
    });
  }

  /** All frames of a method received so far. */
  all<M extends Frame['method']>(method: M): Of<M>[] {
    return this.frames.filter((f) => f.method === method) as Of<M>[];
  }

  async waitClosed(ms = 5000): Promise<number> {
    if (this.closed) return this.closeCode;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket did not close')), ms);
      this.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Lets frames in flight arrive (delivery goes through a bus: next tick, or a Redis round trip). */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { headerBlockResponse } from '../../src/core/security-headers';

const SET = { 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff' };

/** Starts a server answering with `handler`, asks it once and answers the raw header lines. */
async function rawAnswer(
  ServerResponse: NonNullable<ReturnType<typeof headerBlockResponse>>,
  handler: Parameters<typeof createServer>[1],
): Promise<{ status: number; rawHeaders: string[]; body: string }> {
  const server = createServer({ ServerResponse }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest({ host: '127.0.0.1', port, path: '/' }, resolve).on('error', reject).end(),
    );
    let body = '';
    for await (const chunk of res) body += chunk;
    return { status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the server's response class writes the security set itself", () => {
  it('is made on the installed Node (else every answer would fall back to the hook)', () => {
    expect(headerBlockResponse(SET)).not.toBeNull();
  });

  it('sends the set first, once, beside the headers an answer sets (writeHead and implicit headers)', async () => {
    const Response = headerBlockResponse(SET);
    if (!Response) throw new Error('no response class');
    const written = await rawAnswer(Response, (_req, res) => {
      res.writeHead(201, { 'content-type': 'text/plain', 'x-request-id': 'r1' }).end('made');
    });
    expect(written.status).toBe(201);
    expect(written.body).toBe('made');
    expect(written.rawHeaders.slice(0, 4)).toEqual([
      'x-frame-options',
      'SAMEORIGIN',
      'x-content-type-options',
      'nosniff',
    ]);
    const names = written.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(names.filter((n) => n === 'x-frame-options')).toHaveLength(1);
    expect(names).toContain('x-request-id');

    const implicit = await rawAnswer(Response, (_req, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end('plain');
    });
    expect(implicit.status).toBe(200);
    expect(implicit.rawHeaders.slice(0, 2)).toEqual(['x-frame-options', 'SAMEORIGIN']);
    expect(implicit.body).toBe('plain');
  });

  it('refuses at start a header value that could not be sent', () => {
    expect(() => headerBlockResponse({ 'x-frame-options': 'SAMEORIGIN\r\nset-cookie: a=b' })).toThrow();
    expect(() => headerBlockResponse({ 'bad name': 'x' })).toThrow();
  });
});

import { API, LONG_TIMEOUT_MS } from '@srm/contracts/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  buildUrl,
  DEFAULT_TIMEOUT_MS,
  getPreloaded,
  http,
  httpHooks,
  installClientErrorReporter,
  isSessionCall,
  timeoutFor,
} from '../src/api/request';
import { setMessageApi } from '../src/utils/message';

const toasts: { type: string; content: string; duration?: number }[] = [];
const fakeMessage = {
  error: (content: string, duration?: number) => toasts.push({ type: 'error', content, duration }),
  success: (content: string, duration?: number) => toasts.push({ type: 'success', content, duration }),
  info: (content: string, duration?: number) => toasts.push({ type: 'info', content, duration }),
  warning: (content: string, duration?: number) => toasts.push({ type: 'warning', content, duration }),
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const original = { ...httpHooks };
let fetchMock: ReturnType<typeof vi.fn>;
let resets = 0;
let reloads = 0;
let onLogin = false;

beforeEach(() => {
  toasts.length = 0;
  resets = 0;
  reloads = 0;
  onLogin = false;
  setMessageApi(fakeMessage as never);
  httpHooks.getToken = () => 'T0K';
  httpHooks.getLanguage = () => 'en-US';
  httpHooks.onSessionReset = () => {
    resets++;
  };
  httpHooks.reload = () => {
    reloads++;
  };
  httpHooks.isOnLoginPage = () => onLogin;
  fetchMock = vi.fn(async () => json({ code: 0, msg: 'ok', data: { a: 1 } }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  Object.assign(httpHooks, original);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

describe('request layer (spec §7, §8)', () => {
  it('sends the token in both headers and the app language', async () => {
    await expect(http.get(API.userInfo)).resolves.toEqual({ a: 1 });
    const { headers, init } = lastCall();
    expect(headers.Authorization).toBe('Bearer T0K');
    expect(headers.token).toBe('T0K');
    expect(headers['Accept-Language']).toBe('en-US');
    expect(init.method).toBe('GET');
  });

  it('omits the token headers without a token', async () => {
    httpHooks.getToken = () => '';
    await http.post(API.login, { userName: 'a', passWord: 'b' });
    const { headers, init } = lastCall();
    expect(headers.Authorization).toBeUndefined();
    expect(headers.token).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ userName: 'a', passWord: 'b' }));
  });

  it('puts GET data in the query and a timestamp n on every URL', async () => {
    await http.get(API.loginLog, { currentPage: 2, keyword: 'ad min', empty: undefined, none: null });
    const url = new URL(lastCall().url, 'http://x');
    expect(url.pathname).toBe(API.loginLog);
    expect(url.searchParams.get('currentPage')).toBe('2');
    expect(url.searchParams.get('keyword')).toBe('ad min');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.has('none')).toBe(false);
    expect(Number(url.searchParams.get('n'))).toBeGreaterThan(0);
    await http.post(API.logout);
    expect(new URL(lastCall().url, 'http://x').searchParams.has('n')).toBe(true);
    expect(buildUrl('/a?x=1', { y: 2 }, 5)).toBe('/a?x=1&y=2&n=5');
  });

  it('selects the long timeout for the listed URLs', () => {
    expect(timeoutFor('/api/x/SynThirdInfo/run')).toBe(LONG_TIMEOUT_MS);
    expect(timeoutFor('/api/extend/Email/Receive')).toBe(LONG_TIMEOUT_MS);
    expect(timeoutFor('/api/permission/Permission/Authority/Data/1')).toBe(100000000);
    // The real authorize path spells permission in lower case.
    expect(timeoutFor('/api/permission/Authority/Data/role/1')).toBe(LONG_TIMEOUT_MS);
    expect(timeoutFor('/api/DataSync/Actions/Execute')).toBe(LONG_TIMEOUT_MS);
    expect(timeoutFor(API.userInfo)).toBe(DEFAULT_TIMEOUT_MS);
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
  });

  it('aborts after the timeout with the default error toast', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('abort'))),
        ),
    );
    const promise = http.get(API.userInfo, undefined, { timeout: 1000 });
    const assertion = expect(promise).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.type).toBe('error');
  });

  it('toasts the server message for a non-zero body code and throws ApiError with fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ code: 400, msg: 'Bad input', data: { fields: { mobile: 'wrong' } } }),
    );
    const error = (await http.put(API.currentBaseInfo, {}).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(400);
    expect(error.msg).toBe('Bad input');
    expect(error.fields).toEqual({ mobile: 'wrong' });
    expect(toasts).toEqual([{ type: 'error', content: 'Bad input', duration: 3 }]);
  });

  it('falls back to the default message and honours silent', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 409, msg: '', data: null }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 409 });
    expect(toasts[0]!.content.length).toBeGreaterThan(0);
    fetchMock.mockResolvedValueOnce(json({ code: 403, msg: 'no', data: null }));
    await expect(http.get('/api/x', undefined, { silent: true })).rejects.toMatchObject({ code: 403 });
    expect(toasts).toHaveLength(1);
  });

  it.each([600, 601, 602])('resets the session and reloads on body code %i', async (code) => {
    fetchMock.mockResolvedValueOnce(json({ code, msg: 'expired', data: null }));
    await expect(http.get(API.userInfo)).rejects.toMatchObject({ code });
    expect(resets).toBe(1);
    expect(reloads).toBe(1);
  });

  it('does not reset for login and lock-screen calls, nor on the login page', async () => {
    for (const url of [API.login, API.lockScreen, API.loginOauth, API.lockScreenOauth]) {
      expect(isSessionCall(url)).toBe(true);
      fetchMock.mockResolvedValueOnce(json({ code: 601, msg: 'x', data: null }));
      await expect(http.post(url, {})).rejects.toBeInstanceOf(ApiError);
    }
    onLogin = true;
    fetchMock.mockResolvedValueOnce(json({ code: 600, msg: 'x', data: null }));
    await expect(http.get(API.userInfo)).rejects.toBeInstanceOf(ApiError);
    expect(resets).toBe(0);
    expect(reloads).toBe(0);
  });

  it('toasts the server message on HTTP 500 and resets after 1.5 s when the body code is 401', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(json({ code: 500, msg: 'Server broke (req 1)' }, 500));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 500, status: 500 });
    expect(toasts.at(-1)!.content).toBe('Server broke (req 1)');
    fetchMock.mockResolvedValueOnce(json({ code: 401, msg: 'gone' }, 500));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(resets).toBe(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(resets).toBe(1);
    expect(reloads).toBe(1);
  });

  it('toasts the server message on HTTP 503 (the database connection lost: try again shortly)', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 503, msg: 'Try again in a few seconds', data: null }, 503));
    await expect(http.post('/api/x', {})).rejects.toMatchObject({ code: 503, status: 503 });
    expect(toasts.at(-1)!.content).toBe('Try again in a few seconds');
  });

  it('uses the default text for other HTTP errors', async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 502 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 502 });
    expect(toasts.at(-1)!.content).not.toBe('nope');
  });

  it('returns blobs without the envelope check, but reports an error envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('a,b\n1,2', { headers: { 'content-type': 'text/csv' } }));
    const blob = await http.blob(API.loginLogExport, { keyword: 'k' });
    expect(await blob.text()).toBe('a,b\n1,2');
    fetchMock.mockResolvedValueOnce(json({ code: 403, msg: '暂无权限', data: null }));
    await expect(http.blob(API.loginLogExport)).rejects.toMatchObject({ code: 403 });
  });

  it('uploads multipart without a JSON content type', async () => {
    await http.upload(API.upload('userAvatar'), new File(['x'], 'a.png', { type: 'image/png' }));
    const { init, headers } = lastCall();
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('reports uncaught errors to the server, throttled', async () => {
    const target = new EventTarget() as unknown as Window;
    Object.defineProperty(target, 'location', { value: { href: 'http://app/system/log' } });
    const stop = installClientErrorReporter(target);
    target.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    target.dispatchEvent(new ErrorEvent('error', { message: 'boom2', error: new Error('boom2') }));
    stop();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init } = lastCall();
    expect(url.startsWith(API.clientError)).toBe(true);
    expect(JSON.parse(init.body as string)).toMatchObject({ message: 'boom', url: 'http://app/system/log' });
  });
});

describe('a call the server preloaded with the page', () => {
  it('is sent bare (no timestamp, no header of ours) so that the preload answers it, and gives the data', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 0, msg: 'ok', data: { sysName: 'SRM' } }));
    await expect(getPreloaded('/api/oauth/LoginConfig')).resolves.toEqual({ sysName: 'SRM' });
    expect(fetchMock.mock.calls.at(-1)).toEqual(['/api/oauth/LoginConfig']);
  });

  it('rejects with the envelope code of a refusal, and shows no message of its own', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 500, msg: 'down', data: null }));
    await expect(getPreloaded('/api/oauth/LoginConfig')).rejects.toMatchObject({ code: 500, msg: 'down' });
    expect(toasts).toEqual([]);
  });
});

// Identity providers for the tests, started on this machine (issue 40 §4): `oidc-provider` as an
// OpenID Connect provider with its own login and consent pages (any login name, any password;
// clients register themselves dynamically, as an administrator would register the product), and a
// small CAS 3.0 server (a login form, tickets used once and bound to their service, p3/
// serviceValidate, logout). The API tests import it; the browser tests run it as a process
// (playwright.config.ts) with E2E_OIDC_PORT and E2E_CAS_PORT.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

/** What the provider says of a login name: an e-mail address of acme.test unless one is typed. */
export function claimsOf(login) {
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@acme.test`;
  return {
    sub: login,
    email,
    email_verified: !login.startsWith('unverified'),
    name: `${login} (IdP)`,
    preferred_username: login.split('@')[0],
  };
}

/** Registers a client at an oidc-provider by dynamic registration, as its administrator would. */
export async function registerClient(issuer, redirectUri, postLogoutUri) {
  const response = await fetch(`${issuer}/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: [redirectUri],
      post_logout_redirect_uris: postLogoutUri ? [postLogoutUri] : [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }),
  });
  if (response.status !== 201) throw new Error(`registration: ${response.status} ${await response.text()}`);
  const client = await response.json();
  return { clientId: client.client_id, clientSecret: client.client_secret };
}

const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });

/** An OpenID Connect provider at http://127.0.0.1:{port} (0: any free port). */
export async function startOidcProvider({ port = 0 } = {}) {
  const server = http.createServer();
  const bound = await listen(server, port);
  const issuer = `http://127.0.0.1:${bound}`;
  const provider = new Provider(issuer, {
    clients: [],
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsOf(id) }),
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider:', error));
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    /** Registers a client (dynamic registration) for these redirect addresses. */
    register: (redirectUri, postLogoutUri) => registerClient(issuer, redirectUri, postLogoutUri),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const xml = (text) => String(text).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A CAS 3.0 server at http://127.0.0.1:{port}/cas. */
export async function startCasServer({ port = 0 } = {}) {
  /** ticket → { user, service, used } */
  const tickets = new Map();
  const issue = (user, service) => {
    const ticket = `ST-${randomBytes(12).toString('hex')}`;
    tickets.set(ticket, { user, service, used: false });
    return ticket;
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.local');
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/health') return res.end('ok');
    if (url.pathname === '/cas/login' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><title>CAS</title></head><body><main>
<h1>Central Authentication Service</h1>
<form method="post" action="/cas/login?service=${encodeURIComponent(service)}">
<label>Username <input name="username" required></label>
<label>Password <input name="password" type="password" required></label>
<button type="submit">Sign in</button></form></main></body></html>`);
    }
    if (url.pathname === '/cas/login' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const user = new URLSearchParams(body).get('username') ?? '';
      const ticket = issue(user, service);
      res.writeHead(302, { location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` });
      return res.end();
    }
    if (url.pathname === '/cas/p3/serviceValidate') {
      const ticket = tickets.get(url.searchParams.get('ticket') ?? '');
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      const ok = ticket && !ticket.used && ticket.service === service;
      if (ticket) ticket.used = true;
      if (!ok)
        return res.end(
          `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>`,
        );
      const claims = claimsOf(ticket.user);
      return res.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${xml(ticket.user)}</cas:user><cas:attributes><cas:mail>${xml(claims.email)}</cas:mail><cas:displayName>${xml(claims.name)}</cas:displayName></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`,
      );
    }
    if (url.pathname === '/cas/logout') {
      res.writeHead(service ? 302 : 200, service ? { location: service } : { 'content-type': 'text/plain' });
      return res.end(service ? '' : 'signed out');
    }
    res.writeHead(404);
    res.end();
  });
  const bound = await listen(server, port);
  return {
    base: `http://127.0.0.1:${bound}/cas`,
    /** A ticket as the login form would issue it (the API tests skip the form). */
    issue,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// As a process for the browser tests: both, on the ports named.
if (import.meta.url === `file://${process.argv[1]}`) {
  const oidc = await startOidcProvider({ port: Number(process.env.E2E_OIDC_PORT) });
  const cas = await startCasServer({ port: Number(process.env.E2E_CAS_PORT) });
  console.log(`identity providers: ${oidc.issuer} ${cas.base}`);
}

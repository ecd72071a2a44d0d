/**
 * CAS 3.0: the sign-in address (`{base}/login?service=…`), the ticket's validation
 * (`{base}/p3/serviceValidate`, whose XML answer names the user and its released attributes), and
 * the logout address. The validation is a server-to-server call through provider-fetch.ts; its
 * answer is parsed with fast-xml-parser without entities or attributes (nothing of the document
 * is resolved).
 */
import { XMLParser } from 'fast-xml-parser';
import type { AppConfig } from '../config';
import { providerFetch } from './provider-fetch';

const base = (casUrl: string) => casUrl.replace(/\/+$/, '');

export function casLoginUrl(casUrl: string, service: string): string {
  return `${base(casUrl)}/login?service=${encodeURIComponent(service)}`;
}

export function casLogoutUrl(casUrl: string, service: string): string {
  return `${base(casUrl)}/logout?service=${encodeURIComponent(service)}`;
}

export function casValidateUrl(casUrl: string): string {
  return `${base(casUrl)}/p3/serviceValidate`;
}

export class CasError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CasError';
  }
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  processEntities: false,
  parseTagValue: false,
  trimValues: true,
});

type Node = Record<string, unknown>;
const text = (value: unknown): string => {
  if (Array.isArray(value)) return text(value[0]);
  if (value && typeof value === 'object') return text((value as Node)['#text']);
  return value === undefined || value === null ? '' : String(value);
};

export interface CasIdentity {
  user: string;
  attributes: Record<string, string>;
}

/** Reads a serviceValidate answer: the user and attributes, or a CasError with the server's code. */
export function parseCasAnswer(xml: string): CasIdentity {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    throw new CasError('notXml');
  }
  const response = doc.serviceResponse as Node | undefined;
  if (!response || typeof response !== 'object') throw new CasError('notCas');
  const failure = response.authenticationFailure;
  if (failure !== undefined) throw new CasError('ticketRefused');
  const success = response.authenticationSuccess as Node | undefined;
  const user = text(success?.user).trim();
  if (!success || !user) throw new CasError('notCas');
  const attributes: Record<string, string> = {};
  const released = success.attributes as Node | undefined;
  if (released && typeof released === 'object')
    for (const [name, value] of Object.entries(released)) attributes[name] = text(value);
  return { user, attributes };
}

/** Validates a ticket for exactly this service address. */
export async function validateTicket(
  config: AppConfig,
  casUrl: string,
  o: { ticket: string; service: string },
): Promise<CasIdentity> {
  const url = new URL(casValidateUrl(casUrl));
  url.searchParams.set('service', o.service);
  url.searchParams.set('ticket', o.ticket);
  const response = await providerFetch(config)(url.href, { headers: { accept: 'application/xml' } });
  if (response.status !== 200) throw new CasError(`status${response.status}`);
  return parseCasAnswer(await response.text());
}

/** The administrator's test: a made-up ticket must be refused in CAS's own words. */
export async function probeCas(config: AppConfig, casUrl: string, service: string): Promise<void> {
  try {
    await validateTicket(config, casUrl, { ticket: 'ST-probe', service });
  } catch (error) {
    if (error instanceof CasError && error.reason === 'ticketRefused') return;
    throw error;
  }
  throw new CasError('acceptedProbe');
}

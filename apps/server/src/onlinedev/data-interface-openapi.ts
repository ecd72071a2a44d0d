/**
 * The OpenAPI 3.1 document of a tenant's enabled data interfaces (GET …/DataInterface/OpenApi), for
 * the developers of the clients that call them: one path per interface, its query parameters, its
 * names as summary and description, and the envelope it answers in.
 */
import {
  type DataInterfaceKind,
  type DataInterfaceQueryParam,
  type DataModelNames,
  dataInterfaceResponsePath,
  type Locale,
  nameInLocale,
} from '@srm/contracts';

export interface DocumentedInterface {
  id: string;
  code: string;
  names: DataModelNames;
  kind: DataInterfaceKind;
  params: DataInterfaceQueryParam[];
  rateLimit: number;
  cacheSeconds: number;
}

/** What `data` holds: a dataset's rows, or whatever JSON the static value or the service is. */
function dataSchemaOf(kind: DataInterfaceKind): Record<string, unknown> {
  if (kind !== 'dataset') return {};
  return {
    type: 'object',
    required: ['columns', 'rows', 'truncated'],
    properties: {
      columns: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, type: { enum: ['text', 'number', 'boolean'] } },
        },
      },
      rows: { type: 'array', items: { type: 'object' } },
      truncated: { type: 'boolean', description: 'more rows matched than the row cap answers' },
    },
  };
}

const envelopeOf = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: {
      type: 'integer',
      description: '0 success; 400 bad input, 403, 404, 429 too many calls, 600–602 session',
    },
    msg: { type: 'string' },
    data,
  },
});

function operationOf(item: DocumentedInterface, locale: Locale) {
  const { names } = item;
  const others = [names['zh-CN'], names['en-US'], names['zh-TW']].filter((n): n is string => !!n);
  return {
    operationId: item.code,
    summary: nameInLocale(locale, names['zh-CN'], names['en-US'], names['zh-TW']),
    description: `${[...new Set(others)].join(' / ')} — ${item.kind}; at most ${item.rateLimit} calls a minute per user${
      item.cacheSeconds > 0 ? `; answers cached ${item.cacheSeconds} s` : ''
    }`,
    parameters: item.params.map((p) => ({
      name: p.name,
      in: 'query',
      required: p.required,
      schema: { type: p.type },
    })),
    responses: {
      '200': {
        description: 'The envelope; `code` 0 with the answer in `data`, else the refusal in `msg`',
        content: { 'application/json': { schema: envelopeOf(dataSchemaOf(item.kind)) } },
      },
    },
  };
}

export interface InterfacesDocument {
  openapi: string;
  info: { title: string; version: string };
  components: Record<string, unknown>;
  security: unknown[];
  paths: Record<string, unknown>;
}

export function interfacesDocument(
  items: readonly DocumentedInterface[],
  meta: { title: string; locale: Locale },
): InterfacesDocument {
  return {
    openapi: '3.1.0',
    info: { title: meta.title, version: '1' },
    components: { securitySchemes: { token: { type: 'http', scheme: 'bearer' } } },
    security: [{ token: [] }],
    paths: Object.fromEntries(
      items.map((item) => [dataInterfaceResponsePath(item.id), { get: operationOf(item, meta.locale) }]),
    ),
  };
}

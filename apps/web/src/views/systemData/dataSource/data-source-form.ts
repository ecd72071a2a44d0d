import {
  DATA_SOURCE_DEFAULT_PORTS,
  type DataSource,
  type DataSourceKind,
  type DataSourceSave,
  type DataSourceTest,
} from '@srm/contracts/core';

/** The editor's form. `port` is null while the field is cleared; the password is always typed afresh. */
export interface DataSourceFormValues {
  code: string;
  name: string;
  kind: DataSourceKind;
  host: string;
  port: number | null;
  database: string;
  username: string;
  password?: string;
}

/** The fields a connection test reads (and whose change makes an earlier test result stale). */
export const CONNECTION_FIELDS = ['kind', 'host', 'port', 'database', 'username', 'password'] as const;

export const NEW_DATA_SOURCE: DataSourceFormValues = {
  code: '',
  name: '',
  kind: 'postgres',
  host: '',
  port: DATA_SOURCE_DEFAULT_PORTS.postgres,
  database: '',
  username: '',
  password: '',
};

export function toFormValues(source: DataSource): DataSourceFormValues {
  return {
    code: source.code,
    name: source.name,
    kind: source.kind,
    host: source.host,
    port: source.port,
    database: source.database,
    username: source.username,
    // Never sent back by the server: an empty field keeps the kept one.
    password: '',
  };
}

/**
 * The port after choosing `kind`: its default when the port is empty or still a kind's default
 * (the user did not choose it), else the user's own port.
 */
export function portForKind(kind: DataSourceKind, port: number | null | undefined): number | null {
  const defaults: number[] = Object.values(DATA_SOURCE_DEFAULT_PORTS);
  return port === null || port === undefined || defaults.includes(port)
    ? DATA_SOURCE_DEFAULT_PORTS[kind]
    : port;
}

type Connection = Pick<DataSourceFormValues, (typeof CONNECTION_FIELDS)[number]>;

function connectionOf(values: Connection) {
  return {
    kind: values.kind,
    host: values.host,
    // A cleared port is stopped by the form's own rule before anything is sent.
    port: values.port ?? 0,
    database: values.database,
    username: values.username,
  };
}

/** The POST/PUT body: an empty password is left out, so that editing keeps the kept one. */
export function toSaveBody(values: DataSourceFormValues): DataSourceSave {
  return {
    code: values.code,
    name: values.name,
    ...connectionOf(values),
    ...(values.password ? { password: values.password } : {}),
  };
}

/** The Test body: a typed password, or else the id of the source whose kept password to use. */
export function toTestBody(values: Connection, id: string | null): DataSourceTest {
  if (values.password) return { ...connectionOf(values), password: values.password };
  return { ...connectionOf(values), ...(id ? { id } : {}) };
}

const FORM_FIELDS = new Set(['code', 'name', 'kind', 'host', 'port', 'database', 'username', 'password']);

/** The server's 400 field names are the body's, which are the form's; any other goes above the form. */
export function formPathOf(path: string): string[] | null {
  return FORM_FIELDS.has(path) ? [path] : null;
}

/** `host:port`, an IPv6 address in brackets so that its own colons do not read as the port's. */
export function hostPort(host: string, port: number): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}

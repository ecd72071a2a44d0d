// The zod-free part of data sources (系统数据 › 数据连接, decisions §11): a tenant's connection to a
// database outside the product (PostgreSQL, MySQL/MariaDB), whose tables a tenant browses and reads
// read-only. Only a host and port on the platform's allow-list is reached (DATA_SOURCE_HOSTS), with
// the product's own driver settings (none of the user's); the password is kept encrypted and never
// leaves the server (docs/data-sources.md). The schemas are in data-source.ts.

export const DataSourcePerm = {
  dataSource: 'systemData.dataSource',
  dataSourceAdd: 'systemData.dataSource.add',
  dataSourceEdit: 'systemData.dataSource.edit',
  dataSourceDelete: 'systemData.dataSource.delete',
} as const;
export type DataSourcePermCode = (typeof DataSourcePerm)[keyof typeof DataSourcePerm];

export const DataSourceApi = {
  /**
   * GET list; POST create; GET/PUT/DELETE `${dataSource}/{id}`; POST `${dataSource}/Actions/Test`
   * (a connection as typed, with the stored password of `id` when none is typed);
   * GET `${dataSource}/{id}/Tables` (its tables with their columns).
   */
  dataSource: '/api/systemData/DataSource',
} as const;

export const DATA_SOURCE_KINDS = ['postgres', 'mysql'] as const;
export type DataSourceKind = (typeof DATA_SOURCE_KINDS)[number];
export const DATA_SOURCE_DEFAULT_PORTS: Record<DataSourceKind, number> = { postgres: 5432, mysql: 3306 };
export const DATA_SOURCES_PER_TENANT = 50;
/** How long a connection may take to open, and a statement on it to run, in ms. */
export const DATA_SOURCE_CONNECT_TIMEOUT_MS = 5_000;
/** Tables a browse lists at most. */
export const DATA_SOURCE_TABLES_MAX = 500;

export interface DataSource {
  id: string;
  code: string;
  name: string;
  kind: DataSourceKind;
  host: string;
  port: number;
  database: string;
  username: string;
  /** Whether a password is kept (the password itself never leaves the server). */
  passwordSet: boolean;
  updatedAt: number | null;
  updatedByName: string;
}

export interface DataSourceTestResult {
  /** The server's own version text (`select version()`). */
  version: string;
  /** How long connecting and asking took. */
  ms: number;
}

export type DataSourceColumnType = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'json';

export interface DataSourceTable {
  /** The schema (PostgreSQL) or database (MySQL) holding it. */
  schema: string;
  name: string;
  columns: { name: string; type: DataSourceColumnType; dbType: string }[];
}

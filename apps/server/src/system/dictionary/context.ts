import type { Kysely } from 'kysely';
import type { ServiceContext } from '../../core/service-context';
import type { Database } from '../../db/types';

export type Db = Kysely<Database>;

/** What a dictionary service call acts with (a request's `contextOf`, or a seed's own): never the HTTP request. */
export type DictContext = Pick<ServiceContext, 'db' | 'tenantId' | 'userId' | 'locale'>;

import { OpsApi } from '@srm/contracts';
import { it } from 'vitest';
import { createTestApp } from '../helpers';

it('diff', async () => {
  const t = await createTestApp({});
  const admin = await t.login('admin', 'admin123');
  await t.seedOtherTenant('cm');
  const other = await t.login('cmadmin', 'admin123');
  const a = (await t.get<any>(OpsApi.monitor, admin)).body.data.storage.tables;
  const b = (await t.get<any>(OpsApi.monitor, other)).body.data.storage.tables;
  const m = new Map(b.map((x: any) => [x.name, x.rows]));
  for (const x of a) if (m.get(x.name) !== x.rows) console.log('DIFF', x.name, x.rows, m.get(x.name));
  await t.close();
});

/**
 * `npm run operator:create -- <account>`: makes a platform operator in the database of the
 * environment (DATA_DIR or DATABASE_URL, as the server) and prints its one-time password, to be
 * changed at the first sign-in at /platform/login. Stop a server on the embedded database first:
 * its data folder opens in one process at a time.
 */
import { prepareDb } from '../src/app';
import { loadConfig } from '../src/config';
import { createOperator } from '../src/platform/index';

const account = process.argv[2]?.trim();
if (!account) {
  console.error('usage: npm run operator:create -- <account>');
  process.exit(2);
}
const { handle } = await prepareDb(loadConfig());
try {
  const made = await createOperator(handle.db, account);
  if (!made.created) {
    console.error(`platform operator "${account}" already exists`);
    process.exitCode = 1;
  } else {
    console.log(`platform operator "${account}" created`);
    console.log(`one-time password: ${made.password}`);
    console.log('sign in at /platform/login; the first sign-in asks for a new password');
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}

/**
 * Shop administration from the command line: `npm run shop -- <command>`.
 *
 *   api-key create [--description TEXT] [--permissions read|write|read_write]
 *       Makes a REST API key for the staff API (`/wp-json/wc/v3`) and prints the consumer key and
 *       secret once. Uses the same database as the shop (DATABASE_URL or SUKI_DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { loadServerConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createApiKey, type ApiPermission } from './services/api-keys.js';

const USAGE = 'usage: npm run shop -- api-key create [--description TEXT] [--permissions read|write|read_write]';
const PERMISSIONS: readonly ApiPermission[] = ['read', 'write', 'read_write'];

async function main(argv: readonly string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { description: { type: 'string', default: 'Staff key' }, permissions: { type: 'string', default: 'read_write' } },
  });
  if (positionals[0] !== 'api-key' || positionals[1] !== 'create') {
    console.error(USAGE);
    return 2;
  }
  const permissions = values.permissions as ApiPermission;
  if (!PERMISSIONS.includes(permissions)) {
    console.error(`--permissions must be one of ${PERMISSIONS.join(', ')}\n${USAGE}`);
    return 2;
  }
  const config = loadServerConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const key = await createApiKey(database.db, values.description.slice(0, 200), permissions);
    console.log(`API key ${key.id} (${key.permissions}) made. Keep the secret now: it is not shown again.`);
    console.log(`consumer key:    ${key.consumerKey}`);
    console.log(`consumer secret: ${key.consumerSecret}`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

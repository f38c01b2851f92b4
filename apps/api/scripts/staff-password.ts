/**
 * `npm run staff:password -w @app/api -- <login>`: gives a staff account of SHIPPER_ID a new
 * password, read from the first line of stdin (so it never lands in the shell's history or in `ps`),
 * and ends the account's open sessions. What an operator runs when production refuses to start
 * because an account still has the demo password:
 *
 *   read -rs PW && printf '%s\n' "$PW" | npm run --silent staff:password -w @app/api -- operator
 *
 * It reads the same environment as the API (DATABASE_URL, SHIPPER_ID, NODE_ENV...).
 */
import { createInterface } from 'node:readline';
import { createDb } from '../src/db/client.ts';
import { migrateDb } from '../src/db/migrate.ts';
import { setStaffPassword, staffPasswordProblems } from '../src/db/staff-password.ts';
import { EnvError, loadEnv } from '../src/env.ts';

async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function main() {
  const login = process.argv[2]?.trim();
  if (!login) {
    throw new EnvError(
      ['usage: npm run staff:password -w @app/api -- <login> (the password on stdin)'],
      'Nothing done',
    );
  }
  const password = await firstLineOfStdin();
  const problems = staffPasswordProblems(password);
  if (problems.length > 0) throw new EnvError(problems, 'Nothing done');

  const env = loadEnv();
  const handle = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDb(handle);
    const changed = await setStaffPassword(handle.db, {
      shipperId: env.SHIPPER_ID,
      login,
      password,
      now: new Date(),
    });
    if (!changed)
      throw new EnvError([`no staff account '${login}' in chain ${env.SHIPPER_ID}`], 'Nothing done');
    console.log(`The password of '${login}' is changed and its sessions are ended.`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});

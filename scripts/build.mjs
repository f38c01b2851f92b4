// `npm run build`: the API's pictures, then `next build` unless the last build is still current.
// `npm run build -- --force` rebuilds the storefront regardless.
import { buildApi, buildWeb } from './lib/build.mjs';
import { loadRootEnv } from './lib/env.mjs';

loadRootEnv();
try {
  await buildApi();
  await buildWeb({ force: process.argv.includes('--force') });
} catch (error) {
  console.error(`npm run build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

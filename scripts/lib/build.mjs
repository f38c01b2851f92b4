import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './env.mjs';
import { runStep } from './processes.mjs';

const WEB_DIR = join(REPO_ROOT, 'apps/web');
const NEXT_DIR = join(WEB_DIR, '.next');
/** Written after a successful `next build`; `next build` empties .next first, so a failed build leaves none. */
const STAMP = join(NEXT_DIR, 'source-hash.txt');

/** Everything `next build` reads from our tree: the web app, the packages it imports, the lockfile. */
const WEB_INPUTS = [
  'apps/web',
  'packages/contracts',
  'packages/domain',
  'package-lock.json',
  'tsconfig.base.json',
];
const SKIPPED_DIRS = new Set(['node_modules', '.next', 'test-results', 'playwright-report']);
const isSkippedFile = (name) =>
  name === 'next-env.d.ts' || name.endsWith('.tsbuildinfo') || /\.test\.tsx?$/.test(name);

function listFiles(path, out) {
  const entries = readdirSync(path, { withFileTypes: true });
  for (const entry of entries) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(full, out);
    } else if (entry.isFile() && !isSkippedFile(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** A hash of the paths and contents of every web build input (a few MB; well under a second). */
export function webSourceHash() {
  const files = [];
  for (const input of WEB_INPUTS) {
    const full = join(REPO_ROOT, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) listFiles(full, files);
    else files.push(full);
  }
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(REPO_ROOT, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function webBuildIsCurrent() {
  if (!existsSync(join(NEXT_DIR, 'BUILD_ID')) || !existsSync(STAMP)) return false;
  return readFileSync(STAMP, 'utf8').trim() === webSourceHash();
}

/** The API's build writes the product/news pictures (WebP) it serves under /images. */
export async function buildApi(env = process.env) {
  await runStep('build', 'npm', ['run', '--silent', 'build', '-w', '@app/api'], { cwd: REPO_ROOT, env });
}

/**
 * `next build` takes minutes on two cores, so it runs only when a web input changed since the last
 * successful build (or when forced). The hash is taken after the build, so files the build itself
 * rewrites (tsconfig.json on the first build) do not make the next run look stale.
 */
export async function buildWeb({ force = false, env = process.env } = {}) {
  if (!force && webBuildIsCurrent()) {
    console.log('[build] storefront: the build in apps/web/.next is up to date, skipping next build');
    return false;
  }
  console.log('[build] storefront: next build (a few minutes on a small machine)');
  await runStep('build', 'npm', ['run', '--silent', 'build', '-w', '@app/web'], {
    cwd: REPO_ROOT,
    env: { ...env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  writeFileSync(STAMP, `${webSourceHash()}\n`);
  return true;
}

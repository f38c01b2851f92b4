import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { precompressStatic } from '../../apps/web/src/lib/static-brotli/static-brotli.mjs';
import { REPO_ROOT } from './env.mjs';
import { runStep } from './processes.mjs';

const WEB_DIR = join(REPO_ROOT, 'apps/web');
/** next.config.ts reads WEB_DIST_DIR (default .next) for its output folder. */
const nextDir = (env) => join(WEB_DIR, env.WEB_DIST_DIR?.trim() || '.next');
/** Written after a successful `next build`; `next build` empties its folder first, so a failed build leaves none. */
const stampFile = (env) => join(nextDir(env), 'source-hash.txt');

/** Everything `next build` reads from our tree: the web app, the packages it imports, the lockfile. */
const WEB_INPUTS = [
  'apps/web',
  'packages/contracts',
  'packages/domain',
  'package-lock.json',
  'tsconfig.base.json',
];
const SKIPPED_DIRS = new Set(['node_modules', '.next', 'dist', 'test-results', 'playwright-report']);
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

/**
 * The input files: what git tracks or would track (so build output and anything else .gitignore
 * names never counts), or, outside a git checkout, a walk that skips the usual output folders.
 */
function inputFiles() {
  const git = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...WEB_INPUTS],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  if (git.status === 0) {
    return git.stdout
      .split('\0')
      .filter((file) => file && !isSkippedFile(basename(file)))
      .map((file) => join(REPO_ROOT, file))
      .filter((file) => existsSync(file));
  }
  const files = [];
  for (const input of WEB_INPUTS) {
    const full = join(REPO_ROOT, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) listFiles(full, files);
    else files.push(full);
  }
  return files;
}

/** A hash of the paths and contents of every web build input (a few MB; well under a second). */
export function webSourceHash() {
  const files = [...new Set(inputFiles())].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(REPO_ROOT, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function webBuildIsCurrent(env = process.env) {
  const stamp = stampFile(env);
  if (!existsSync(join(nextDir(env), 'BUILD_ID')) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === webSourceHash();
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
  if (!force && webBuildIsCurrent(env)) {
    console.log(
      `[build] storefront: the build in ${relative(REPO_ROOT, nextDir(env))} is up to date, skipping next build`,
    );
    // A build made before its script wrote brotli copies (apps/web/precompress.mjs) gets them now;
    // on a build that has them this only compares dates.
    await precompressStatic(join(nextDir(env), 'static'));
    return false;
  }
  console.log('[build] storefront: next build (a few minutes on a small machine)');
  await runStep('build', 'npm', ['run', '--silent', 'build', '-w', '@app/web'], {
    cwd: REPO_ROOT,
    env: { ...env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  writeFileSync(stampFile(env), `${webSourceHash()}\n`);
  return true;
}

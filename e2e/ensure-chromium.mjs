// The browser tests drive Debian's Chromium, never a browser Playwright downloads (this machine's
// network refuses those downloads). Install it when we may (root), otherwise say how to.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command, args) {
  console.log(`[ensure-chromium] ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

function ensureChromium() {
  if (isExecutable(CHROMIUM_PATH)) return;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH=${CHROMIUM_PATH} is not an executable file.`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${CHROMIUM_PATH} is missing and only root can install it. Run:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at an installed Chromium. (Playwright must not download its own browsers here.)',
    );
  }
  console.log(`[ensure-chromium] ${CHROMIUM_PATH} is missing; installing Debian's chromium package.`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
  if (!isExecutable(CHROMIUM_PATH)) {
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing.`);
  }
}

try {
  ensureChromium();
} catch (error) {
  console.error(`[ensure-chromium] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

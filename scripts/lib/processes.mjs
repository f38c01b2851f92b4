import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLORS = { api: 36, web: 35, build: 33 };
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

export function prefix(name) {
  const label = `[${name}]`.padEnd(6);
  const code = COLORS[name];
  return useColor && code ? `\x1b[${code}m${label}\x1b[0m` : label;
}

function pipeLines(stream, name, target) {
  createInterface({ input: stream }).on('line', (line) => target.write(`${prefix(name)} ${line}\n`));
}

/**
 * Runs a long-lived child in its own process group (detached), so stopping it reaches npm, the
 * shell and the real server below it at once, and a Ctrl-C in the terminal reaches only us: we
 * decide the order of shutdown. Output is prefixed line by line with the service name.
 */
export function startService(name, command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  pipeLines(child.stdout, name, process.stdout);
  pipeLines(child.stderr, name, process.stderr);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ name, code, signal }));
    child.once('error', (error) => {
      process.stderr.write(`${prefix(name)} could not start: ${error.message}\n`);
      resolve({ name, code: 1, signal: null });
    });
  });
  return { name, child, exited };
}

/** Sends a signal to the service's whole process group; quiet when it is already gone. */
export function signalService(service, signal) {
  if (service.child.pid === undefined || service.child.exitCode !== null) return;
  try {
    process.kill(-service.child.pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/** SIGTERM, then SIGKILL after `graceMs` for whatever has not exited. */
export async function stopServices(services, graceMs = 10_000) {
  for (const service of services) signalService(service, 'SIGTERM');
  const timer = setTimeout(() => {
    for (const service of services) signalService(service, 'SIGKILL');
  }, graceMs);
  await Promise.all(services.map((s) => s.exited));
  clearTimeout(timer);
}

/** Runs a command to completion with inherited output; rejects when it fails. */
export function runStep(name, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines(child.stdout, name, process.stdout);
    pipeLines(child.stderr, name, process.stderr);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * Polls `url` until it answers with a status below 500, the service exits, or `timeoutMs` passes.
 * Redirects count as answers (the storefront's / may redirect to a locale).
 */
export async function waitForUrl(url, service, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  service.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${service.name} exited before ${url} answered`);
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

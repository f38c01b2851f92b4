// Child processes of the bench: servers in their own process groups with their output in a log
// file, and commands whose output is shown (prefixed) and kept. Everything started is registered,
// so one `stopAll()` (also on Ctrl-C or a failure) ends it all, and the exit hook kills whatever a
// crash left behind.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { signalService, stopServices } from '../../lib/processes.mjs';

const running = new Set();

/** A long-lived server, detached (its own process group), stdout and stderr written to `logFile` (emptied first). */
export function startServer(name, command, args, { cwd, env, logFile }) {
  const fd = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  const service = { name, child, logFile };
  service.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(service);
      resolve({ name, code, signal });
    });
    child.once('error', (error) => {
      running.delete(service);
      resolve({ name, code: 1, signal: null, error });
    });
  });
  running.add(service);
  return service;
}

/** SIGTERM to the server's group, SIGKILL after `graceMs`. */
export async function stopServer(service, graceMs = 10_000) {
  await stopServices([service], graceMs);
}

/**
 * Stops everything still running. Commands get SIGINT first (Lighthouse's Chrome launcher closes the
 * browser it started, in a process group of its own, on SIGINT), then everything SIGTERM and, after
 * `graceMs`, SIGKILL.
 */
export async function stopAll(graceMs = 10_000) {
  const commands = [...running].filter((s) => s.command);
  for (const service of commands) signalService(service, 'SIGINT');
  if (commands.length) {
    await Promise.race([Promise.all(commands.map((s) => s.exited)), new Promise((r) => setTimeout(r, 3000))]);
  }
  await stopServices([...running], graceMs);
}

// A crash or process.exit() without stopAll(): kill the groups synchronously on the way out.
process.on('exit', () => {
  for (const service of running) signalService(service, 'SIGKILL');
});

/**
 * Runs a command to completion in its own process group, its output shown line by line after
 * `[name]` and kept. Resolves { code, signal, stdout, stderr }; never rejects on a non-zero exit.
 */
export function runCaptured(name, command, args, { cwd, env, quiet = false } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const service = { name, child, command: true };
  running.add(service);
  const out = [];
  const err = [];
  const show = (target, sink) => (line) => {
    sink.push(line);
    if (!quiet) target.write(`  [${name}] ${line}\n`);
  };
  createInterface({ input: child.stdout }).on('line', show(process.stdout, out));
  createInterface({ input: child.stderr }).on('line', show(process.stderr, err));
  service.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(service);
      resolve({ name, code, signal });
    });
    child.once('error', (error) => {
      running.delete(service);
      err.push(error.message);
      resolve({ name, code: 1, signal: null });
    });
  });
  // 'close' comes after the output streams ended, so every line is in.
  return new Promise((resolve) => {
    let settled = false;
    const finish = async () => {
      if (settled) return;
      settled = true;
      const { code, signal } = await service.exited;
      resolve({ code, signal, stdout: out.join('\n'), stderr: err.join('\n') });
    };
    child.once('close', finish);
    child.once('error', finish);
  });
}

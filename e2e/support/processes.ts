/**
 * Servers a journey runs of its own, beside the suite's (cache-freshness.spec.ts, render-gate.spec.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** Starts a process in its own group (so that stopping it stops its children, e.g. npm's). */
export function start(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: 'inherit',
    detached: true,
  });
  return child;
}

/**
 * Stops a server started by `start`: its whole process group (npm and the server under it), waiting
 * until none of the group is left, so its database is dropped only once nothing uses it; a group
 * still alive after 10 s is killed.
 */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid) return;
  const group = -child.pid;
  // Whether the signal reached any of the group (0 only asks): false once none of it is left.
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(group, name);
      return true;
    } catch {
      return false;
    }
  };
  const alive = () => signal(0);
  if (!signal('SIGTERM')) return;
  for (let waited = 0; alive(); waited += 100) {
    if (waited >= 10_000) {
      signal('SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function waitFor(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

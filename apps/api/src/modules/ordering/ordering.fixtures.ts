/**
 * The ordering tests' app: built on the file's clock with one signed-in test customer before the
 * file's tests, closed after them. (The hooks live here, not in `src/test/orders.ts`: the crash test's
 * child process imports that file outside Vitest.)
 */
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import type { TestClock } from '../../test/clock.ts';
import { signInTestCustomer, type TestCustomer } from '../../test/orders.ts';

/** Before the file's tests: builds the app on `clock`, signs a test customer in and hands both to `use`; after them: closes the app. */
export function useOrderingApp(clock: TestClock, use: (t: TestApp, customer: TestCustomer) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await buildTestApp({ clock: clock.now });
    use(app, await signInTestCustomer(app));
  });
  afterAll(async () => {
    await app?.close();
  });
}

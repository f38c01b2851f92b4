import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The API's clock, which the suite may move (TEST_CLOCK=true, set by playwright.config.ts; the API
 * refuses it in production): `PUT /v1/dev/clock` sets how far it runs ahead of the system time, so a
 * journey skips the one-minute wait before a new sign-in code instead of sleeping through it. The
 * `serverClock` fixture puts it back after each journey that moved it. The clock is the whole API's:
 * a journey running beside it (two workers outside CI) sees the same minute ahead, which no journey's
 * checks depend on.
 */
export class ServerClock {
  private offsetMs = 0;

  constructor(private readonly api: APIRequestContext) {}

  /** Moves the API's time `ms` further ahead (what the customer would live through waiting). */
  async advance(ms: number): Promise<void> {
    await this.set(this.offsetMs + ms);
  }

  /** Back to the system time. */
  async reset(): Promise<void> {
    if (this.offsetMs !== 0) await this.set(0);
  }

  private async set(offsetMs: number): Promise<void> {
    const response = await this.api.put('/v1/dev/clock', { data: { offset_ms: offsetMs } });
    expect(
      response.ok(),
      response.status() === 404
        ? 'PUT /v1/dev/clock: 404, the API runs without TEST_CLOCK=true (a reused server?)'
        : `PUT /v1/dev/clock: ${await response.text()}`,
    ).toBe(true);
    expect(((await response.json()) as { offset_ms: number }).offset_ms).toBe(offsetMs);
    this.offsetMs = offsetMs;
  }
}

import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import {
  API_PORT,
  API_URL,
  DEMO_SHIPPER_ID,
  WEB_PORT,
  WEB_URL,
  WEBSITE_PLATFORM_ID,
} from './support/urls.ts';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './journeys',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: CI,
  // No retries, in CI least of all: a flaky journey is a bug to fix, not to hide.
  retries: 0,
  // Two shared cores: one browser per core at most, and the Next server needs one too.
  workers: CI ? 1 : 2,
  // Generous: a cold `next start` page on a busy two-core machine can take seconds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL: WEB_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    navigationTimeout: 30_000,
    actionTimeout: 15_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          // Debian's Chromium (e2e/ensure-chromium.mjs installs it); Playwright never downloads one here.
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            // Without these, Chromium keeps dialling Google services the closed network refuses.
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  // Started in order: the API first, so a storefront page prerendered by `next build` can reach it.
  webServer: [
    {
      name: 'api',
      command: 'node support/start-api.mjs',
      url: `${API_URL}/healthz`,
      env: {
        // A fresh database for every run: start-api.mjs empties this folder, the API seeds it.
        // Its own folder per API port, so two suites on other ports never empty each other's database.
        DATA_DIR: `${REPO_ROOT}.test-data/e2e${API_PORT === 4000 ? '' : `-${API_PORT}`}`,
        // Always the embedded database, even when the shell points DATABASE_URL at a real one.
        DATABASE_URL: '',
        PORT: String(API_PORT),
        SHIPPER_ID: DEMO_SHIPPER_ID,
        PLATFORM_ID: WEBSITE_PLATFORM_ID,
        SEED: 'auto',
        // The journeys sign in through the SMS outbox: development, not the API's default (production).
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        CORS_ORIGINS: WEB_URL,
        // The journeys move the API's clock (PUT /v1/dev/clock, support/server-clock.ts) instead of
        // waiting out its timers. Development only: production refuses TEST_CLOCK.
        TEST_CLOCK: 'true',
        // Every journey signs in from this machine's one address (127.0.0.1 or ::1), more than the
        // default 20 codes an hour allows; the rule itself is tested in the API's otp-limits.test.ts.
        OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      },
      reuseExistingServer: !CI,
      stdout: 'pipe',
      timeout: 5 * 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      name: 'web',
      command: 'node support/start-web.mjs',
      url: `${WEB_URL}/`,
      env: {
        API_URL,
        PUBLIC_API_URL: API_URL,
        SITE_URL: WEB_URL,
        SHIPPER_ID: DEMO_SHIPPER_ID,
        PLATFORM_ID: WEBSITE_PLATFORM_ID,
        NEXT_TELEMETRY_DISABLED: '1',
        E2E_WEB_PORT: String(WEB_PORT),
        // Map tiles from a host that cannot exist: journeys answer them with page.route (no internet).
        MAP_TILE_URL: 'http://tiles.invalid/{z}/{x}/{y}.png',
      },
      reuseExistingServer: !CI,
      stdout: 'pipe',
      // Includes `next build` when the storefront changed since the last build.
      timeout: 15 * 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});

import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { HEADER_RULES } from './src/lib/security-headers';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: {
    // The ICU messages are compiled at build time, so the browser gets next-intl's small formatter
    // instead of the ICU parser (about 9 KB gzipped less on every page).
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

const nextConfig: NextConfig = {
  // WEB_DIST_DIR lets a second build (e.g. a bundle measurement) run without replacing the chunks that a
  // running `next start` is serving from `.next`.
  distDir: process.env.WEB_DIST_DIR || '.next',
  poweredByHeader: false,
  // Turbopack's default chunking is kept on purpose: `experimental.turbopackChunking` set to merge
  // harder gave 8-10 first-load scripts instead of 12, but time to interactive came 350-450 ms later,
  // TBT went either way, and the build profiled retried the hydration more (151 commits per load
  // against 66) (docs/perf/issue-11.md, 2026-12-06, 02:52).
  // A build for scripts/bench/profile-page.mjs, which names the chunks' code by its sources; never
  // the served build (the maps would publish the sources).
  productionBrowserSourceMaps: process.env.PROFILE_SOURCE_MAPS === '1',
  // Cached API reads and pages live in this process's memory and are dropped when the API announces a
  // change of their data (cache-handler.mjs, src/lib/cache/; ARCHITECTURE.md "Storefront cache").
  cacheHandler: fileURLToPath(new URL('./cache-handler.mjs', import.meta.url)),
  // Next's own in-memory layer would keep entries the handler has dropped.
  cacheMaxMemorySize: 0,
  // The workspace packages ship TypeScript sources (imports with '.ts' extensions), not built JS.
  transpilePackages: ['@app/contracts', '@app/domain'],
  // Images come from our API already resized (srcset); the Next image optimiser is not used.
  images: { unoptimized: true },
  // The proxy sees a request as the client sent it: by default Next hides the client router's
  // headers (`RSC`, `Next-Router-*`) and `?_rsc` from it, and the HTML cache (src/lib/html-cache/)
  // must tell a flight request from a page request to never answer the first with cached HTML.
  skipProxyUrlNormalize: true,
  // The fixed security headers: every response, build assets only nosniff (HEADER_RULES). The page's
  // Content-Security-Policy (per-request nonce) and HSTS (run-time SITE_URL) come from proxy.ts.
  async headers() {
    return HEADER_RULES;
  },
};

export default withNextIntl(nextConfig);

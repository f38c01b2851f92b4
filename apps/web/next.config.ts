import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

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
  // The workspace packages ship TypeScript sources (imports with '.ts' extensions), not built JS.
  transpilePackages: ['@app/contracts', '@app/domain'],
  // Images come from our API already resized (srcset); the Next image optimiser is not used.
  images: { unoptimized: true },
};

export default withNextIntl(nextConfig);

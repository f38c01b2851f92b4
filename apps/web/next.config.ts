import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The workspace packages ship TypeScript sources (imports with '.ts' extensions), not built JS.
  transpilePackages: ['@app/contracts', '@app/domain'],
  // Images come from our API already resized (srcset); the Next image optimiser is not used.
  images: { unoptimized: true },
};

export default withNextIntl(nextConfig);

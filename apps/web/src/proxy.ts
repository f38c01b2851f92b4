import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';

export default createMiddleware(routing);

export const config = {
  // Everything except Next internals, files with an extension (images, favicon) and the SEO files.
  matcher: ['/((?!_next|_vercel|sitemap\\.xml|robots\\.txt|.*\\..*).*)'],
};

/**
 * The page shell (issue 1): the header (logo, cities, address, search, cart, account, language) and
 * the organisation's structured data. The footer and the shell's data are server-side ('./server').
 */
export { SiteHeader, type THeaderShipper } from './components/site-header';
export { organizationJsonLd } from './lib/json-ld';

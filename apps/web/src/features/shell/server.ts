import 'server-only';

/** What the layout and routes use of the shell on the server. */
export { getShellData, getShipper } from './api/shell.server';
export { SiteFooter } from './components/site-footer';

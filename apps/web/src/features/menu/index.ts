/**
 * The menu page (issue 1). Everything a route needs is server-side ('./server': the page component,
 * its data, its metadata); these are the parts that are plain functions and types.
 */
export { cityFromSearchParam, type MenuTarget } from './lib/menu-target';

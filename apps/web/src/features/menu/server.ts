import 'server-only';

/** What routes and other features' server code use of the menu. */
export { getMenuProducts, getMenuTarget } from './api/menu.server';
export { MenuPage } from './components/menu-page';
export { menuMetadata } from './lib/menu-metadata';

import 'server-only';

/** What routes and other features' server code use of the menu. */
export { getCities, getMenuProducts, getMenuTarget } from './api/menu.server';
export { MenuPage } from './components/menu-page';
export { menuMetadata } from './lib/menu-metadata';
export type { MenuTarget } from './lib/menu-target';
export { cityFromSearchParam } from './lib/menu-target';

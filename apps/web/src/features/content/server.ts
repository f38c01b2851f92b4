import 'server-only';

/** What routes use of the content feature on the server: its data and its async server components. */
export {
  getBranch,
  getBranches,
  getNewsEvent,
  getNewsEvents,
  getPage,
  getRecipe,
  getRecipes,
  getStocks,
  getVacancies,
  MAX_PAGE_SIZE,
  NEWS_PAGE_SIZE,
} from './api/content.server';
export { BranchCard } from './components/branch-card';
export { BranchFacts } from './components/branch-facts';
export { BranchStatusBadge } from './components/branch-status-badge';
export { ContentCard } from './components/content-card';
export { FormalPage } from './components/formal-page';
export { Pagination } from './components/pagination';
export { formalPageMetadata } from './formal-metadata';

export { SearchOverlay } from './components/search-overlay';
export { SearchPlace } from './components/search-place';

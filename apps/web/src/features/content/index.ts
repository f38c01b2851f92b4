/**
 * Content pages (issue 2: about, news, stocks, recipes, gallery, vacancies, restaurants, formal texts):
 * the parts that may also run in the browser. Data loading and the async server components are in
 * './server'.
 */
export { BackLink } from './components/back-link';
export { BranchesMap, type TBranchesMapProps } from './components/branches-map';
export { GalleryGrid, type TGalleryItem } from './components/gallery-grid';
export { EmptyState, PageFrame } from './components/page-frame';
export { VacancyApplication } from './components/vacancy-application';
export { branchJsonLd } from './lib/branch-json-ld';
export { branchMarkers } from './lib/branch-markers';
export { branchStatus, isOpenStatus, type TBranchStatus } from './lib/branch-status';
export { DATE_FORMAT } from './lib/dates';

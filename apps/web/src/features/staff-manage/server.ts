import 'server-only';

/** What routes use of the manager's screens on the server: their pages' metadata. */
export { managerMetadata } from './manager-metadata';

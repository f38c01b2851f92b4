import 'server-only';

/** What the shop layout uses of the live branch state on the server. */
export { getRenderedLiveState } from './api/live-state.server';

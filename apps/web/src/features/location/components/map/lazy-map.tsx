'use client';

import dynamic from 'next/dynamic';

/**
 * The map, loaded only when it is shown: the module (with Leaflet's stylesheet) is its own chunk, and
 * Leaflet's script another one fetched when the map mounts. Never rendered on the server.
 */
export const LazyMap = dynamic(() => import('./map-view').then((m) => m.MapView), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="h-full min-h-64 w-full animate-pulse bg-brand-50" />,
});

'use client';

import type { TLatLong } from '@app/contracts';
import { BRANCH_ZOOM, DEFAULT_MAP_CENTER, MAP_ZOOM } from '@app/domain';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { LazyMap, type TMapMarker, type TMapView } from '@/features/location';

export type TBranchesMapProps = {
  markers: TMapMarker[];
  /** The map's accessible name. */
  label: string;
  /** A branch page's restaurant: the map opens on it at zoom 18; without it the map fits every marker. */
  focus?: TLatLong;
};

/**
 * The restaurants page's map: a small client island in a server-rendered page. The map and Leaflet
 * load only when it mounts; the list of restaurants beside it is the way to do the same without it.
 */
export function BranchesMap({ markers, label, focus }: TBranchesMapProps) {
  const t = useTranslations('branches');
  // Restaurants that would overlap at the map's zoom (a city's, on the country view) are one button.
  const clusterLabel = useCallback(
    (names: string[]) => t('map.cluster', { count: names.length, names: names.join(', ') }),
    [t],
  );
  const lat = focus?.lat;
  const long = focus?.long;
  const view = useMemo<TMapView>(
    () =>
      lat !== undefined && long !== undefined
        ? { center: [lat, long], zoom: BRANCH_ZOOM }
        : { center: DEFAULT_MAP_CENTER, zoom: MAP_ZOOM },
    [lat, long],
  );
  return (
    <div className="h-80 overflow-hidden rounded-card shadow-card ring-1 ring-line md:h-[26rem]">
      <LazyMap view={view} markers={markers} fitMarkers={!focus} label={label} clusterLabel={clusterLabel} />
    </div>
  );
}

'use client';

// Leaflet's stylesheet travels with this module, which is only ever loaded on demand (lazy-map.tsx).
import 'leaflet/dist/leaflet.css';
import type { TLatLong } from '@app/contracts';
import type * as Leaflet from 'leaflet';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { useConfig } from '@/lib/config-provider';
import { TILE_SUBDOMAINS } from '@/lib/security-headers';
import {
  CLUSTER_ICON_SIZE,
  clusterHtml,
  markerAnchor,
  markerBounds,
  markerClusters,
  markerHtml,
  markerIconSize,
  type TMapItem,
  type TMapMarker,
  type TMapView,
  type TMapZone,
  wrapLongitude,
} from './map-lib';

export type TMapViewProps = {
  /** Where the map looks; a new object moves it there (zoom 18 on a branch, the chosen pin). */
  view: TMapView;
  markers?: readonly TMapMarker[];
  /** Delivery zones, drawn lightly and never catching clicks (a click inside one still picks a point). */
  zones?: readonly TMapZone[];
  /** Fit the view to the markers whenever they change (the restaurants page). */
  fitMarkers?: boolean;
  /**
   * With it, markers that would overlap at the map's zoom become one cluster button (named by this,
   * from its markers' labels) that zooms in on them. Keep it stable (a `useCallback`).
   */
  clusterLabel?: (labels: string[]) => string;
  onMapClick?: (point: TLatLong) => void;
  onMarkerClick?: (id: string) => void;
  /** The map's accessible name. */
  label: string;
  className?: string;
};

type TLeaflet = typeof Leaflet;
type TLoaded = { L: TLeaflet; map: Leaflet.Map; markers: Leaflet.LayerGroup; zones: Leaflet.LayerGroup };

/** `import('leaflet')` answers the module namespace or, through the bundler's CommonJS interop, `{ default }`. */
function leafletOf(mod: TLeaflet | { default: TLeaflet }): TLeaflet {
  return 'default' in mod && mod.default ? mod.default : (mod as TLeaflet);
}

function popupContent(popup: NonNullable<TMapMarker['popup']>): HTMLElement {
  // Built from DOM nodes with textContent: names and addresses are data, never HTML.
  const box = document.createElement('div');
  box.className = 'grid gap-1 text-sm';
  const title = document.createElement('strong');
  title.textContent = popup.title;
  box.append(title);
  if (popup.text) {
    const text = document.createElement('span');
    text.textContent = popup.text;
    box.append(text);
  }
  if (popup.href) {
    const link = document.createElement('a');
    link.href = popup.href;
    link.textContent = popup.linkText ?? popup.title;
    link.className = 'font-semibold';
    box.append(link);
  }
  return box;
}

/**
 * A plain Leaflet map (no react-leaflet). Leaflet itself is fetched with `import()` when the map
 * mounts, so no page carries it until a map is shown. Tiles come from the run-time configuration
 * (`MAP_TILE_URL`; none at all when it is 'none'); markers are `L.divIcon`s. Everything the map does
 * can also be done without it: the dialog has a search field and a branch list, the restaurants page
 * a list of cards.
 */
export function MapView({
  view,
  markers = [],
  zones = [],
  fitMarkers = false,
  clusterLabel,
  onMapClick,
  onMarkerClick,
  label,
  className,
}: TMapViewProps) {
  const { mapTileUrl, mapTileAttribution } = useConfig();
  const t = useTranslations('location.map');
  // Leaflet's zoom buttons carry English titles and labels of their own; these are the page's language.
  const zoomInTitle = t('zoomIn');
  const zoomOutTitle = t('zoomOut');
  // And so does a popup's close button ('Close popup'), named here on each opening.
  const closePopupTitle = t('closePopup');
  const container = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState<TLoaded | null>(null);
  const handlers = useRef({ onMapClick, onMarkerClick });
  const initialView = useRef(view);

  useEffect(() => {
    handlers.current = { onMapClick, onMarkerClick };
  }, [onMapClick, onMarkerClick]);

  useEffect(() => {
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    let observer: ResizeObserver | undefined;
    import('leaflet')
      .then((mod) => {
        const element = container.current;
        if (cancelled || !element) return;
        const L = leafletOf(mod);
        const start = initialView.current;
        map = L.map(element, { center: start.center, zoom: start.zoom, zoomControl: false });
        L.control.zoom({ zoomInTitle, zoomOutTitle }).addTo(map);
        // Leaflet's own credit, without its English title.
        map.attributionControl?.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
        map.on('popupopen', (event: Leaflet.PopupEvent) => {
          const close = event.popup.getElement()?.querySelector('.leaflet-popup-close-button');
          close?.setAttribute('aria-label', closePopupTitle);
          close?.setAttribute('title', closePopupTitle);
        });
        // The subdomains of a `{s}` are the ones the Content-Security-Policy lists (img-src).
        if (mapTileUrl) {
          L.tileLayer(mapTileUrl, {
            attribution: mapTileAttribution,
            maxZoom: 19,
            subdomains: [...TILE_SUBDOMAINS],
          }).addTo(map);
        }
        map.on('click', (event: Leaflet.LeafletMouseEvent) => {
          handlers.current.onMapClick?.({ lat: event.latlng.lat, long: wrapLongitude(event.latlng.lng) });
        });
        // The dialog grows into place after the map was created: Leaflet must measure again.
        const current = map;
        observer = new ResizeObserver(() => current.invalidateSize());
        observer.observe(element);
        setLoaded({ L, map, zones: L.layerGroup().addTo(map), markers: L.layerGroup().addTo(map) });
      })
      .catch((error: unknown) => console.error('map: Leaflet did not load', error));
    return () => {
      cancelled = true;
      observer?.disconnect();
      map?.remove();
    };
  }, [mapTileUrl, mapTileAttribution, zoomInTitle, zoomOutTitle, closePopupTitle]);

  useEffect(() => {
    loaded?.map.setView(view.center, view.zoom);
  }, [loaded, view]);

  useEffect(() => {
    if (!loaded) return;
    const { L } = loaded;
    loaded.zones.clearLayers();
    for (const zone of zones) {
      L.polygon(zone.rings, {
        color: '#b9470c',
        weight: 1.5,
        opacity: 0.55,
        fillColor: '#f97316',
        fillOpacity: 0.07,
        interactive: false,
      }).addTo(loaded.zones);
    }
  }, [loaded, zones]);

  useEffect(() => {
    if (!loaded) return;
    const { L, map } = loaded;
    const clusters = clusterLabel ? markerClusters(markers) : null;
    /** The marker to focus once a cluster opened with the keyboard has been zoomed into. */
    let focusAfterZoom: string | null = null;

    const addMarker = (m: TMapMarker): Leaflet.Marker => {
      const size = markerIconSize(m);
      const icon = L.divIcon({
        html: markerHtml(m),
        className: 'map-marker',
        iconSize: [size, size],
        iconAnchor: markerAnchor(m),
        popupAnchor: [0, -size / 2],
      });
      const marker = L.marker([m.lat, m.long], {
        icon,
        title: m.label,
        alt: m.label,
        keyboard: m.tone !== 'pin',
        interactive: m.tone !== 'pin',
        zIndexOffset: m.tone === 'pin' || m.selected ? 1000 : 0,
      });
      if (m.popup) marker.bindPopup(popupContent(m.popup));
      marker.on('click', () => handlers.current.onMarkerClick?.(m.id));
      // Leaflet opens a popup on Enter but fires no 'click': the keyboard picks a marker here.
      marker.on('keypress', (event: Leaflet.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === 'Enter') handlers.current.onMarkerClick?.(m.id);
      });
      return marker.addTo(loaded.markers);
    };

    const render = () => {
      loaded.markers.clearLayers();
      const items: TMapItem[] = clusters
        ? clusters.at(map.getZoom())
        : markers.map((marker) => ({ kind: 'marker', marker }));
      const focusable = new Map<string, Leaflet.Marker>();
      for (const item of items) {
        if (item.kind === 'marker') {
          focusable.set(item.marker.id, addMarker(item.marker));
          continue;
        }
        const { cluster } = item;
        const label = clusterLabel?.(cluster.members.map((m) => m.label)) ?? '';
        const marker = L.marker([cluster.lat, cluster.long], {
          icon: L.divIcon({
            html: clusterHtml(cluster),
            className: 'map-marker map-cluster',
            iconSize: [CLUSTER_ICON_SIZE, CLUSTER_ICON_SIZE],
            iconAnchor: [CLUSTER_ICON_SIZE / 2, CLUSTER_ICON_SIZE / 2],
          }),
          title: label,
          alt: label,
          keyboard: true,
        });
        const zoomIn = () => {
          const bounds = markerBounds(cluster.members);
          if (!bounds) return;
          map.setView(L.latLngBounds(bounds).getCenter(), Math.min(cluster.expansionZoom, map.getMaxZoom()));
        };
        marker.on('click', zoomIn);
        marker.on('keypress', (event: Leaflet.LeafletKeyboardEvent) => {
          if (event.originalEvent.key !== 'Enter') return;
          // From the keyboard: focus follows the restaurants into the zoom.
          focusAfterZoom = cluster.members[0]?.id ?? null;
          zoomIn();
        });
        marker.addTo(loaded.markers);
        // Its name, not the number it shows (which would be the name of a button with text).
        marker.getElement()?.setAttribute('aria-label', label);
        for (const member of cluster.members) focusable.set(member.id, marker);
      }
      if (focusAfterZoom) {
        (focusable.get(focusAfterZoom)?.getElement() as HTMLElement | undefined)?.focus();
        focusAfterZoom = null;
      }
    };

    if (fitMarkers) {
      const bounds = markerBounds(markers);
      if (bounds) map.fitBounds(bounds, { padding: [40, 40], maxZoom: 15 });
    }
    render();
    if (!clusters) return;
    map.on('zoomend', render);
    return () => {
      map.off('zoomend', render);
    };
  }, [loaded, markers, fitMarkers, clusterLabel]);

  return (
    <section
      ref={container}
      aria-label={label}
      aria-busy={loaded ? undefined : true}
      // `isolate`: Leaflet's panes have z-indexes up to 1000; they must stay under the header and dialogs.
      className={cn('isolate h-full min-h-64 w-full bg-brand-50', className)}
    />
  );
}

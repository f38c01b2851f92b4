/**
 * The map component, re-exported by the feature's index for other features (the restaurants pages).
 * Only the lazy wrapper and plain types: importing this never brings Leaflet or its stylesheet into a page.
 */
export { LazyMap } from './lazy-map';
export type { TMapMarker, TMapView, TMarkerTone } from './map-lib';
export type { TMapViewProps } from './map-view';

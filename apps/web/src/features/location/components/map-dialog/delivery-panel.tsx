'use client';

import { GEOCODE_DEBOUNCE_MS } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { Button } from '@/components/ui/button';
import { PinIcon, SearchIcon } from '@/components/ui/icons';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { foundPlaces, geocoderLang, searchQuery, shouldGeocode, type TFoundPlace } from '../../lib/geocoding';
import type { TDeliveryPick } from './map-dialog-lib';

export type TDeliveryPanelProps = {
  pick: TDeliveryPick | null;
  searchRef: RefObject<HTMLInputElement | null>;
  onChooseResult: (place: TFoundPlace) => void;
  onOrderPickup: () => void;
  onAnotherAddress: () => void;
};

/**
 * Delivery: a search field (the geocoder is asked 700 ms after the last keystroke) with its results
 * as buttons, the chosen address, and what the zone check said. The map is the other way to choose.
 */
export function DeliveryPanel({
  pick,
  searchRef,
  onChooseResult,
  onOrderPickup,
  onAnotherAddress,
}: TDeliveryPanelProps) {
  const t = useTranslations('location');
  const locale = useLocale();
  const api = useApi();
  const [text, setText] = useState('');
  // A chosen result folds the list away (the chosen address shows below); typing opens it again.
  const [listOpen, setListOpen] = useState(true);
  // ...and focus moves from the vanished result to the chosen address, not to the page's body.
  const addressRef = useRef<HTMLElement>(null);
  const [focusAddress, setFocusAddress] = useState(false);
  useEffect(() => {
    if (!focusAddress || !pick) return;
    addressRef.current?.focus();
    setFocusAddress(false);
  }, [focusAddress, pick]);
  const [debounced] = useDebounce(text.trim(), GEOCODE_DEBOUNCE_MS);
  const inputId = useId();
  const resultsId = useId();
  const enabled = shouldGeocode(debounced);
  const search = useQuery({
    queryKey: ['geocoder', debounced, geocoderLang(locale)],
    queryFn: ({ signal }) =>
      api.get('/v1/map/geocoder', {
        schema: contract('ZGeocoderResponse'),
        query: searchQuery(debounced, locale),
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    retry: 1,
  });
  if (search.isError) console.error('map dialog: geocoder search failed', search.error);
  const places = listOpen && enabled && search.data ? foundPlaces(search.data) : [];
  const waiting = shouldGeocode(text) && (text.trim() !== debounced || search.isFetching);

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold">
          {t('mapDialog.searchLabel')}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-muted" />
          <input
            ref={searchRef}
            id={inputId}
            type="search"
            autoComplete="street-address"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setListOpen(true);
            }}
            placeholder={t('mapDialog.searchPlaceholder')}
            aria-controls={resultsId}
            maxLength={300}
            className="h-11 w-full rounded-full bg-white pr-4 pl-10 ring-1 ring-line focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
        </div>
        <p className="text-sm text-muted">{t('mapDialog.mapHint')}</p>
      </div>

      <div id={resultsId} aria-live="polite" className="grid gap-2">
        {waiting ? <p className="text-sm text-muted">{t('mapDialog.searching')}</p> : null}
        {!waiting && listOpen && enabled && search.isSuccess && places.length === 0 ? (
          <p className="text-sm text-muted">{t('mapDialog.noResults')}</p>
        ) : null}
        {places.length > 0 ? (
          <ul aria-label={t('mapDialog.results')} className="grid gap-1">
            {places.map((place) => (
              <li key={place.key}>
                <button
                  type="button"
                  onClick={() => {
                    setListOpen(false);
                    setFocusAddress(true);
                    onChooseResult(place);
                  }}
                  className="flex w-full items-start gap-2 rounded-card px-3 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
                >
                  <PinIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                  <span className="grid">
                    <span className="font-semibold">{place.name}</span>
                    {place.description ? (
                      <span className="text-sm text-muted">{place.description}</span>
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {pick ? (
        <section
          ref={addressRef}
          tabIndex={-1}
          aria-label={t('mapDialog.chosenAddress')}
          className="grid gap-2 rounded-card bg-cream p-3 ring-1 ring-line"
        >
          <h3 className="text-sm font-semibold text-muted">{t('mapDialog.chosenAddress')}</h3>
          <p className="font-semibold" data-testid="map-dialog-address">
            {pick.address ?? t('mapDialog.locating')}
          </p>
          <div aria-live="polite">
            {pick.zone.kind === 'checking' ? (
              <p className="text-sm text-muted">{t('mapDialog.checking')}</p>
            ) : null}
            {pick.zone.kind === 'failed' ? (
              <p role="alert" className="text-sm font-semibold text-paprika-600">
                {t('mapDialog.checkFailed')}
              </p>
            ) : null}
            {pick.zone.kind === 'outside' ? (
              <div className="grid gap-2">
                <p role="alert" className="text-sm font-semibold text-paprika-600">
                  {t('outOfZone')}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={onOrderPickup}>
                    {t('mapDialog.orderPickup')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={onAnotherAddress}>
                    {t('mapDialog.anotherAddress')}
                  </Button>
                </div>
              </div>
            ) : null}
          </div>
        </section>
      ) : (
        <p className="text-sm text-muted">{t('mapDialog.needPoint')}</p>
      )}
    </div>
  );
}

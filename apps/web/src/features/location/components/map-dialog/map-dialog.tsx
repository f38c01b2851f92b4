'use client';

import type { TBranch, TDeliveryType, TLocale } from '@app/contracts';
import { BRANCH_LIST_LIMIT, BRANCH_ZOOM, DEFAULT_MAP_CENTER, MAP_ZOOM } from '@app/domain';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { pick as pickText } from '@/lib/localized';
import { QueryProvider } from '@/lib/query-client';
import { useCommonStore } from '@/lib/stores/common';
import { confirmDelivery, confirmPickup } from '../../lib/choose';
import { LazyMap } from '../map/lazy-map';
import { type TMapMarker, type TMapView, zoneRings } from '../map/map-lib';
import { DeliveryPanel } from './delivery-panel';
import { canConfirmDelivery, pickupRows, stillSelectable } from './map-dialog-lib';
import { PickupPanel } from './pickup-panel';
import { useDeliveryPick } from './use-delivery-pick';

const START_VIEW: TMapView = { center: DEFAULT_MAP_CENTER, zoom: MAP_ZOOM };
/** Zoom on a point chosen from the search results: the street around it is visible. */
const POINT_ZOOM = 16;
const reload = () => window.location.reload();

/**
 * The time, refreshed every 5 s: a branch closing (or a pause ending, issue 13) while the dialog is
 * open turns disabled (enabled).
 */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 5_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

function MapDialogBody({ onClose }: { onClose: () => void }) {
  const t = useTranslations('location');
  const tc = useTranslations('common.actions');
  const locale = useLocale() as TLocale;
  const api = useApi();
  const deliveryType = useCommonStore((s) => s.deliveryType);
  const storedLocation = useCommonStore((s) => s.location);
  const storedBranchId = useCommonStore((s) => s.branch?.id ?? null);
  const activeAddress = useCommonStore((s) => s.points.find((p) => p.isActive)?.address ?? null);

  const requestedTab = useCommonStore((s) => s.mapTab);
  const [tab, setTab] = useState<TDeliveryType>(requestedTab ?? deliveryType);
  const [view, setView] = useState<TMapView>(START_VIEW);
  const [branchId, setBranchId] = useState<string | null>(storedBranchId);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const now = useNow();

  const { pick: chosen, choose, clear } = useDeliveryPick(api, locale, reload);

  // Opening the dialog again shows the current delivery address on the map.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (deliveryType === 'delivery' && storedLocation && activeAddress) {
      choose(storedLocation, activeAddress);
      setView({ center: [storedLocation.lat, storedLocation.long], zoom: POINT_ZOOM });
    }
  }, [choose, deliveryType, storedLocation, activeAddress]);

  const zonesQuery = useQuery({
    queryKey: ['delivery-zones'],
    queryFn: ({ signal }) =>
      api.get('/v1/delivery-zones', { schema: contract('ZDeliveryZonesResponse'), signal }),
  });
  const branchesQuery = useQuery({
    queryKey: ['branches', { limit: BRANCH_LIST_LIMIT }],
    queryFn: ({ signal }) =>
      api.get('/v1/branches', {
        schema: contract('ZBranchListResponse'),
        query: { limit: BRANCH_LIST_LIMIT },
        signal,
      }),
    enabled: tab === 'self-pickup' || deliveryType === 'self-pickup',
  });

  const rows = useMemo(
    () => pickupRows(branchesQuery.data?.branches ?? [], now, locale),
    [branchesQuery.data, now, locale],
  );
  const selectedBranch = stillSelectable(rows, branchId);

  // A stored branch opens focused on the map, once the list has it.
  const focusedStored = useRef(false);
  useEffect(() => {
    if (focusedStored.current || tab !== 'self-pickup' || !selectedBranch) return;
    focusedStored.current = true;
    setView({ center: [selectedBranch.location.lat, selectedBranch.location.long], zoom: BRANCH_ZOOM });
  }, [tab, selectedBranch]);

  const zones = useMemo(
    () => (tab === 'delivery' ? (zonesQuery.data?.zones ?? []).map(zoneRings) : []),
    [tab, zonesQuery.data],
  );

  const markers = useMemo<TMapMarker[]>(() => {
    if (tab === 'delivery') {
      return chosen
        ? [
            {
              id: 'pin',
              lat: chosen.point.lat,
              long: chosen.point.long,
              label: t('mapDialog.pin'),
              tone: 'pin',
            },
          ]
        : [];
    }
    return rows.map(({ branch, selectable }) => ({
      id: branch.id,
      lat: branch.location.lat,
      long: branch.location.long,
      label: pickText(branch.name, locale),
      tone: selectable ? 'branch' : 'branch-closed',
      selected: branch.id === selectedBranch?.id,
    }));
  }, [tab, chosen, rows, selectedBranch, locale, t]);

  const selectBranch = useCallback(
    (id: string) => {
      const row = rows.find((r) => r.branch.id === id);
      if (!row?.selectable) return;
      setBranchId(id);
      setSaveFailed(false);
      setView({ center: [row.branch.location.lat, row.branch.location.long], zoom: BRANCH_ZOOM });
    },
    [rows],
  );

  const onMapClick = useCallback(
    (point: { lat: number; long: number }) => {
      if (tab !== 'delivery') return;
      setSaveFailed(false);
      choose(point);
    },
    [tab, choose],
  );

  const onMarkerClick = useCallback(
    (id: string) => {
      if (tab === 'self-pickup') selectBranch(id);
    },
    [tab, selectBranch],
  );

  const confirm = async () => {
    if (saving) return;
    setSaveFailed(false);
    setSaving(true);
    try {
      if (tab === 'delivery') {
        if (!canConfirmDelivery(chosen)) return;
        const zone = chosen.zone.kind === 'inside' ? chosen.zone.zone : null;
        await confirmDelivery({
          location: chosen.point,
          address: chosen.address,
          city: zone?.city ?? '',
          deliveryZoneId: zone?.id ?? null,
          editingId: null,
        });
      } else {
        const branch: TBranch | null = selectedBranch;
        if (!branch) return;
        confirmPickup(branch);
      }
      // The page reloads; keep the button busy until it does.
    } catch (error) {
      console.error('map dialog: confirm failed', error);
      setSaveFailed(true);
      setSaving(false);
    }
  };

  const ready = tab === 'delivery' ? canConfirmDelivery(chosen) : selectedBranch !== null;

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        setTab(value === 'self-pickup' ? 'self-pickup' : 'delivery');
        setSaveFailed(false);
      }}
      // Below md: panel, map, buttons in a column filling the screen; from md: the panel and the
      // buttons on the left, the map on the right at full height.
      className="flex min-h-0 flex-1 flex-col gap-3 md:grid md:grid-cols-[minmax(18rem,24rem)_1fr] md:grid-rows-[minmax(0,1fr)_auto] md:gap-x-5"
    >
      <div className="flex min-h-0 flex-col gap-3 md:col-start-1 md:row-start-1">
        <Tabs.List
          aria-label={t('mapDialog.typeLabel')}
          className="grid grid-cols-2 gap-1 rounded-full bg-brand-50 p-1"
        >
          {(['delivery', 'self-pickup'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={cn(
                'h-10 rounded-full px-3 font-semibold text-ink transition-colors',
                'data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-card',
              )}
            >
              {value === 'delivery' ? t('delivery') : t('selfPickup')}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="max-h-[38vh] min-h-0 flex-1 overflow-y-auto md:max-h-none">
          <Tabs.Content value="delivery" className="focus:outline-none">
            <DeliveryPanel
              pick={chosen}
              searchRef={searchRef}
              onChooseResult={(place) => {
                setSaveFailed(false);
                choose(place.point, place.address);
                setView({ center: [place.point.lat, place.point.long], zoom: POINT_ZOOM });
              }}
              onOrderPickup={() => setTab('self-pickup')}
              onAnotherAddress={() => {
                clear();
                searchRef.current?.focus();
              }}
            />
          </Tabs.Content>
          <Tabs.Content value="self-pickup" className="focus:outline-none">
            <PickupPanel
              rows={rows}
              selectedId={selectedBranch?.id ?? null}
              onSelect={selectBranch}
              loading={branchesQuery.isPending}
              failed={branchesQuery.isError}
            />
          </Tabs.Content>
        </div>
      </div>
      <div className="min-h-[30vh] flex-1 overflow-hidden rounded-card ring-1 ring-line md:col-start-2 md:row-span-2 md:row-start-1 md:min-h-0">
        <LazyMap
          view={view}
          markers={markers}
          zones={zones}
          onMapClick={onMapClick}
          onMarkerClick={onMarkerClick}
          label={t('mapDialog.mapLabel')}
        />
      </div>
      <div className="grid gap-2 border-t border-line pt-3 md:col-start-1 md:row-start-2">
        {saveFailed ? (
          <p role="alert" className="text-sm font-semibold text-paprika-600">
            {t('mapDialog.saveFailed')}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1 justify-center" onClick={onClose} busy={saving}>
            {tc('cancel')}
          </Button>
          <Button
            className="flex-1 justify-center"
            busy={saving}
            disabled={!ready}
            onClick={() => void confirm()}
          >
            {saving ? t('mapDialog.saving') : t('mapDialog.confirm')}
          </Button>
        </div>
      </div>
    </Tabs.Root>
  );
}

/**
 * The map dialog (spec section 4): delivery (search or click the map, zone check, confirm) or
 * self-pickup (an open branch from the list or the map). Open while the common store's `isMapModal`
 * is set; loaded on demand by the location slot, so neither it nor Leaflet is in any first load.
 * Full screen below md.
 */
export function MapDialog() {
  const t = useTranslations('location.mapDialog');
  const open = useCommonStore((s) => s.isMapModal);
  const setMapModal = useCommonStore((s) => s.setMapModal);
  return (
    <QueryProvider>
      <Dialog
        open={open}
        onOpenChange={setMapModal}
        title={t('title')}
        fullScreenOnMobile
        // The body fills the dialog (the wrapper around it becomes a shrinking column), so the branch list
        // scrolls inside the panel and the map takes the rest.
        className="md:h-[min(90vh,46rem)]! md:max-h-none! md:w-[min(94vw,72rem)]! [&>div.flex-1]:flex [&>div.flex-1]:min-h-0 [&>div.flex-1]:flex-col"
      >
        {open ? <MapDialogBody onClose={() => setMapModal(false)} /> : null}
      </Dialog>
    </QueryProvider>
  );
}

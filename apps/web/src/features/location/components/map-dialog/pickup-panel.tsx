'use client';

import { useLocale, useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { pick } from '@/lib/localized';
import type { TPickupLabel, TPickupRow } from './map-dialog-lib';

export type TPickupPanelProps = {
  rows: readonly TPickupRow[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  loading: boolean;
  failed: boolean;
};

const KNOWN_CITIES = ['tashkent', 'samarkand', 'bukhara'] as const;
type TKnownCity = (typeof KNOWN_CITIES)[number];
const isKnownCity = (slug: string): slug is TKnownCity => (KNOWN_CITIES as readonly string[]).includes(slug);

/** The rows grouped by city, cities in the order their first branch comes. */
function byCity(rows: readonly TPickupRow[]): [string, TPickupRow[]][] {
  const groups = new Map<string, TPickupRow[]>();
  for (const row of rows) {
    const group = groups.get(row.branch.city);
    if (group) group.push(row);
    else groups.set(row.branch.city, [row]);
  }
  return [...groups.entries()];
}

/**
 * Self-pickup: every branch as a radio button with its schedule label; a closed or inactive branch
 * is disabled and says when it reopens (spec section 4). Choosing one focuses it on the map.
 */
export function PickupPanel({ rows, selectedId, onSelect, loading, failed }: TPickupPanelProps) {
  const t = useTranslations('location');
  const locale = useLocale();
  const labelText = (label: TPickupLabel): string => {
    switch (label.kind) {
      case 'inactive':
        return t('mapDialog.inactive');
      case 'around_the_clock':
        return t('mapDialog.aroundTheClock');
      case 'open_until':
        return t('mapDialog.openUntil', { time: label.time });
      default:
        return t('mapDialog.opensAt', { time: label.opens_at });
    }
  };

  if (loading) return <p className="text-sm text-muted">{t('mapDialog.branchesLoading')}</p>;
  if (failed)
    return (
      <p role="alert" className="text-sm font-semibold text-paprika-600">
        {t('mapDialog.branchesFailed')}
      </p>
    );
  if (rows.length === 0) return <p className="text-sm text-muted">{t('mapDialog.noBranches')}</p>;

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm text-muted">{t('mapDialog.chooseBranch')}</legend>
      {byCity(rows).map(([city, group]) => (
        <div key={city} className="grid gap-2">
          <h3 className="text-sm font-bold tracking-wide text-muted uppercase">
            {isKnownCity(city) ? t(`cities.${city}`) : city}
          </h3>
          <ul className="grid gap-2">
            {group.map(({ branch, label, selectable }) => {
              const selected = branch.id === selectedId;
              return (
                <li key={branch.id}>
                  <label
                    className={cn(
                      'flex gap-3 rounded-card p-3 ring-1 transition-colors',
                      selected ? 'bg-brand-50 ring-2 ring-brand-700' : 'bg-white ring-line',
                      selectable ? 'cursor-pointer hover:bg-brand-50' : 'cursor-not-allowed opacity-70',
                    )}
                  >
                    <input
                      type="radio"
                      name="pickup-branch"
                      value={branch.id}
                      checked={selected}
                      disabled={!selectable}
                      onChange={() => onSelect(branch.id)}
                      className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                    />
                    <span className="grid gap-0.5">
                      <span className="font-semibold">{pick(branch.name, locale)}</span>
                      <span className="text-sm text-muted">{pick(branch.address, locale)}</span>
                      <span
                        className={cn(
                          'text-sm font-semibold',
                          selectable ? 'text-herb-600' : 'text-paprika-600',
                        )}
                      >
                        {labelText(label)}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}

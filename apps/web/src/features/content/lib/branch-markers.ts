import type { TBranch } from '@app/contracts';
import type { TMapMarker } from '@/features/location';
import { pick } from '@/lib/localized';
import { isOpenStatus, type TBranchStatus } from './branch-status';

export type TBranchMarkerInput = { branch: TBranch; status: TBranchStatus; href: string };

/**
 * The restaurants on the map: one marker per branch at its coordinates, greyed when it is closed
 * now, with a popup of its name, address and a link to its page. `selectedId` marks the branch a
 * page is about.
 */
export function branchMarkers(
  rows: readonly TBranchMarkerInput[],
  locale: string,
  linkText: string,
  selectedId?: string,
): TMapMarker[] {
  return rows.map(({ branch, status, href }) => {
    const name = pick(branch.name, locale);
    return {
      id: branch.id,
      lat: branch.location.lat,
      long: branch.location.long,
      label: name,
      tone: isOpenStatus(status) ? 'branch' : 'branch-closed',
      ...(branch.id === selectedId ? { selected: true } : {}),
      popup: { title: name, text: pick(branch.address, locale), href, linkText },
    };
  });
}

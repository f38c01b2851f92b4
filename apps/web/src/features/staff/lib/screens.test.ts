import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAFF_MANAGER_PAGES } from '@/lib/paths';
import { isWorkspacePage, staffRedirect } from './screens';

describe('the workspace guard', () => {
  it('keeps a signed-out visitor on the sign-in', () => {
    expect(staffRedirect('/staff', null)).toBeNull();
    expect(staffRedirect('/staff/', null)).toBeNull();
    expect(staffRedirect('/staff/operator', null)).toBe('/staff');
    expect(staffRedirect('/staff/manager/stop-list', null)).toBe('/staff');
  });

  it("sends a member from the sign-in and other roles' screens to the own one", () => {
    expect(staffRedirect('/staff', 'operator')).toBe('/staff/operator');
    expect(staffRedirect('/staff/kitchen', 'operator')).toBe('/staff/operator');
    expect(staffRedirect('/staff/operator', 'operator')).toBeNull();
    expect(staffRedirect('/staff/manager/audit', 'manager')).toBeNull();
    expect(staffRedirect('/staff/manager/audit', 'courier')).toBe('/staff/courier');
  });

  it('leaves a path that is no page of the workspace alone: its 404 shows, signed in or not', () => {
    for (const role of [null, 'operator', 'vendor'] as const) {
      expect(staffRedirect('/staff/unknown', role), String(role)).toBeNull();
      expect(staffRedirect('/staff/operators', role), String(role)).toBeNull();
      expect(staffRedirect('/staff/no/such/page', role), String(role)).toBeNull();
      expect(staffRedirect('/staff/operator/extra', role), String(role)).toBeNull();
    }
  });

  it('knows its pages: the sign-in, each screen and the manager’s pages', () => {
    for (const path of ['/staff', '/staff/', '/staff/operator', '/staff/kitchen', '/staff/courier']) {
      expect(isWorkspacePage(path), path).toBe(true);
    }
    expect(isWorkspacePage('/staff/manager')).toBe(true);
    for (const page of STAFF_MANAGER_PAGES)
      expect(isWorkspacePage(`/staff/manager/${page}`), page).toBe(true);
    for (const path of [
      '/staff/unknown',
      '/staff/operator/extra',
      '/staff/kitchens',
      '/staff/manager/unknown',
      '/staff/manager/audit/extra',
    ]) {
      expect(isWorkspacePage(path), path).toBe(false);
    }
  });

  it("lists exactly the manager's page folders of the app", () => {
    const dir = fileURLToPath(new URL('../../../app/[locale]/staff/manager/', import.meta.url));
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...STAFF_MANAGER_PAGES].sort()).toEqual(folders);
  });
});

'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { managerPaths, managerSections } from '../lib/manager-paths';
import { useStaffSession } from '../lib/staff';
import { ScreenTitle } from './parts';

/** `/staff/manager`: who is signed in, and the sections with what each does. */
export function OverviewScreen() {
  const t = useTranslations('staff-manage');
  const staff = useStaffSession((s) => s.session?.staff);
  return (
    <section>
      <ScreenTitle>{t('overview.title')}</ScreenTitle>
      {staff ? (
        <p className="mb-4 text-muted">
          {t('gate.signedInAs', { name: staff.name, role: t(`roles.${staff.role}`) })}
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {managerSections(staff)
          .filter((s) => s !== 'overview')
          .map((section) => (
            <li key={section}>
              <Link
                href={managerPaths[section]()}
                className="block h-full rounded-card bg-white p-4 shadow-card ring-1 ring-line hover:bg-brand-50"
              >
                <span className="block text-lg font-bold">{t(`nav.${section}`)}</span>
                <span className="mt-1 block text-muted">{t(`overview.${section}Text`)}</span>
              </Link>
            </li>
          ))}
      </ul>
    </section>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { Link, usePathname } from '@/i18n/navigation';
import { managerPaths, managerSections } from '../lib/manager-paths';
import { useStaffSession } from '../lib/staff';

/**
 * The sections of the manager's workspace (a branch's manager has no chain-wide ones): a row that
 * scrolls sideways on a phone.
 */
export function ManagerNav() {
  const t = useTranslations('staff-manage.nav');
  const pathname = usePathname();
  const staff = useStaffSession((s) => s.session?.staff);
  return (
    <nav aria-label={t('label')} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-2 py-2">
        {managerSections(staff).map((section) => {
          const href = managerPaths[section]();
          const current = pathname === href;
          return (
            <li key={section}>
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1',
                  current
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : 'bg-white text-ink ring-line hover:bg-brand-50',
                )}
              >
                {t(section)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import type { TBranch } from '@app/contracts';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pick } from '@/lib/localized';
import { formatPhone, phoneHref } from '@/lib/phone';

/** Address, landmark, hours, phone, parking, seats, playground, virtual tour of one branch. */
export async function BranchFacts({ branch, locale }: { branch: TBranch; locale: string }) {
  const t = await getTranslations('branches');
  const rows: [string, ReactNode][] = [
    [t('address'), pick(branch.address, locale)],
    [t('landmark'), pick(branch.destination, locale)],
    [t('openingHours'), t('hours', { start: branch.work_hour_start, end: branch.work_hour_end })],
    [
      t('phone'),
      <a key="phone" href={phoneHref(branch.phone)} className="font-semibold text-brand-700 hover:underline">
        {formatPhone(branch.phone)}
      </a>,
    ],
    [t('parking'), branch.has_parking ? t('available') : t('notAvailable')],
    [t('seats'), String(branch.seats_count)],
  ];
  if (branch.has_playground) rows.push([t('playground'), t('available')]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

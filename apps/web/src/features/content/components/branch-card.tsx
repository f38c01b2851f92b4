import type { TBranch } from '@app/contracts';
import { getTranslations } from 'next-intl/server';
import { ApiImage } from '@/components/ui/api-image.server';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';
import { pick } from '@/lib/localized';
import { paths } from '@/lib/paths';
import { isOpenStatus, type TBranchStatus } from '../lib/branch-status';
import { BranchFacts } from './branch-facts';
import { BranchStatusBadge } from './branch-status-badge';

export async function BranchCard({
  branch,
  status,
  locale,
}: {
  branch: TBranch;
  status: TBranchStatus;
  locale: string;
}) {
  const t = await getTranslations('branches');
  const image = branch.images[0];
  return (
    <article className="flex flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-line">
      {image ? (
        <ApiImage
          image={image}
          alt=""
          sizes="(min-width: 1248px) 400px, (min-width: 576px) 50vw, 100vw"
          // A closed restaurant's photo is dimmed; its text never is (WCAG 1.4.3: the badge and the
          // labels keep their 4.5:1, which a faded card took below it).
          className={cn(
            'aspect-video w-full bg-brand-50 object-cover',
            !isOpenStatus(status) && 'opacity-80 grayscale-[35%]',
          )}
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-bold">
            <Link href={paths.branch(branch.slug)} className="hover:text-brand-700">
              {pick(branch.name, locale)}
            </Link>
          </h2>
          <BranchStatusBadge status={status} />
        </div>
        <BranchFacts branch={branch} locale={locale} />
        <div className="mt-auto flex flex-wrap gap-3 pt-2">
          <Link href={paths.branch(branch.slug)} className="font-semibold text-brand-700 hover:underline">
            {t('details')}
          </Link>
          {branch.virtual_tour ? (
            <a
              href={branch.virtual_tour}
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 hover:underline"
            >
              {t('virtualTour')}
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

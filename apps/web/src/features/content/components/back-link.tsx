import { ChevronLeftIcon } from '@/components/ui/icons';
import { Link } from '@/i18n/navigation';

export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="mb-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
    >
      <ChevronLeftIcon className="h-4 w-4" />
      {children}
    </Link>
  );
}

import { notFound } from 'next/navigation';

/** Any unknown localized path renders the localized 404 (`[locale]/(shop)/not-found.tsx`). */
export default function UnknownPage() {
  notFound();
}

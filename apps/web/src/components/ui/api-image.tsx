'use client';

import { useLocale } from 'next-intl';
import { useConfig } from '@/lib/config-provider';
import { pick } from '@/lib/localized';
import { ApiImg, type TApiImageProps } from './api-img';

export type { TApiImageProps } from './api-img';

/** An API picture in a client component (server components use `api-image.server.tsx`). */
export function ApiImage({ alt, ...props }: TApiImageProps) {
  const { apiUrl } = useConfig();
  const locale = useLocale();
  return <ApiImg {...props} apiUrl={apiUrl} alt={alt ?? pick(props.image.alt, locale)} />;
}

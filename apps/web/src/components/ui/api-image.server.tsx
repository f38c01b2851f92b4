import 'server-only';
import { getLocale } from 'next-intl/server';
import { env } from '@/lib/env';
import { pick } from '@/lib/localized';
import { ApiImg, type TApiImageProps } from './api-img';

/**
 * An API picture in a server component: plain `<img>` markup with nothing to hydrate (the menu's 70
 * cards used to be 70 client islands just to read the API origin from context).
 */
export async function ApiImage({ alt, ...props }: TApiImageProps) {
  const text = alt ?? pick(props.image.alt, await getLocale());
  return <ApiImg {...props} apiUrl={env().PUBLIC_API_URL} alt={text} />;
}

import { headers } from 'next/headers';

/**
 * A schema.org JSON-LD block. JSON is not HTML, so '<' is escaped to keep a text value from closing
 * the script element. A data block is never run, but it carries the page's CSP nonce anyway, like
 * every other script element the storefront renders.
 */
export async function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw script text; it is escaped above.
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
  );
}

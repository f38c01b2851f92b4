import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadMessages,
  PAGE_COMMON_SECTIONS,
  pickClientMessages,
  pickNamespaces,
  SERVER_ONLY_COMMON_SECTIONS,
} from './messages';
import { BASE_NAMESPACES, PAGE_NAMESPACES } from './routing';

describe('client messages per page', () => {
  it('hands a page exactly the base namespaces plus its own', async () => {
    const all = await loadMessages('uz');
    expect(Object.keys(all).sort()).toEqual([
      'about',
      'branches',
      'common',
      'formal',
      'location',
      'order',
      'staff',
      'staff-manage',
    ]);
    const branches = pickNamespaces(all, [...BASE_NAMESPACES, ...PAGE_NAMESPACES.branches]);
    expect(Object.keys(branches)).toEqual(['common', 'location', 'branches']);
    expect(branches.branches).toBe(all.branches);
    expect(Object.keys(pickNamespaces(all, BASE_NAMESPACES))).toEqual(['common', 'location']);
  });
});

/** Every source file under src/ that calls the client hook `useTranslations` (it may run in the browser). */
function hookUsers(): { file: string; source: string }[] {
  const root = join(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'),
  );
  return files
    .map((file) => ({ file, source: readFileSync(join(root, file), 'utf8') }))
    .filter(({ source }) => source.includes('useTranslations('));
}

/** The `common` sections a file reads through `useTranslations`. */
function commonSectionsUsed(source: string): string[] {
  const sections: string[] = [];
  for (const [, namespace] of source.matchAll(/useTranslations\(\s*(?:'([^']*)')?\s*\)/g)) {
    if (namespace === undefined) sections.push('<no namespace>');
    else if (namespace.startsWith('common.')) sections.push(namespace.split('.')[1] ?? '');
    else if (namespace === 'common') {
      // t('section.key') or t(`section.${x}`) on the whole namespace.
      for (const [, section] of source.matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)) sections.push(section ?? '');
    }
  }
  return sections;
}

describe('client messages', () => {
  it('leave out only the parts of common that no client component reads', async () => {
    const all = await loadMessages('ru');
    const client = pickClientMessages(all, BASE_NAMESPACES);
    const common = all.common as Record<string, unknown>;
    for (const section of SERVER_ONLY_COMMON_SECTIONS) {
      expect(common[section], section).toBeDefined();
      expect(client.common?.[section], section).toBeUndefined();
    }
    expect(client.common?.header).toBe(common.header);
    expect(client.location).toBe(all.location);

    const serverOnly = new Set<string>(SERVER_ONLY_COMMON_SECTIONS);
    const users = hookUsers();
    expect(users.length).toBeGreaterThan(10);
    const offending = users.flatMap(({ file, source }) =>
      commonSectionsUsed(source)
        .filter((section) => section === '<no namespace>' || serverOnly.has(section))
        .map((section) => `${file}: ${section}`),
    );
    expect(offending).toEqual([]);
  });

  it('notices a client component reading a server-only section', () => {
    expect(commonSectionsUsed("const t = useTranslations('common.footer');")).toEqual(['footer']);
    expect(commonSectionsUsed("const t = useTranslations('common'); t('meta.title')")).toEqual(['meta']);
    expect(commonSectionsUsed('const t = useTranslations();')).toEqual(['<no namespace>']);
  });
});

/**
 * The client files reading each page-only section of `common`, and the pages that render them (which
 * pass the section to `<PageMessages commonSections>`). A new reader fails here until it is placed
 * under a page that provides the section; otherwise it would show message keys.
 */
const PAGE_SECTION_READERS: Record<(typeof PAGE_COMMON_SECTIONS)[number], string[]> = {
  // The product page and dialog, the cart (quantity stepper), an order's page (review dialog).
  product: [
    'components/ui/quantity-stepper.tsx',
    'features/orders/components/product-rate-action.tsx',
    'features/orders/components/review-dialog.tsx',
    'features/orders/components/review-form.tsx',
    'features/product/components/modifier-groups.tsx',
    'features/product/components/product-order-form.tsx',
    'features/product/components/product-reviews.tsx',
  ],
  vacancies: ['features/content/components/vacancy-application.tsx'],
  gallery: ['features/content/components/gallery-grid.tsx'],
  // The profile page's accumulative card.
  loyalty: ['features/loyalty/components/loyalty-card.tsx'],
};

describe('page-only parts of common', () => {
  it('stay out of the layout provider and come with the pages that ask for them', async () => {
    const all = await loadMessages('en');
    const base = pickClientMessages(all, BASE_NAMESPACES);
    for (const section of PAGE_COMMON_SECTIONS) {
      expect((all.common as Record<string, unknown>)[section], section).toBeDefined();
      expect(base.common?.[section], section).toBeUndefined();
    }
    const product = pickClientMessages(all, [...BASE_NAMESPACES, 'order'], ['product']);
    expect(product.common?.product).toBe((all.common as Record<string, unknown>).product);
    expect(product.common?.vacancies).toBeUndefined();
    expect(product.common?.footer).toBeUndefined();
    expect(product.order).toBe(all.order);
  });

  it('are read only by the client files placed under the pages that provide them', () => {
    const readers = new Map<string, string[]>();
    for (const { file, source } of hookUsers()) {
      for (const section of commonSectionsUsed(source)) {
        if (!(PAGE_COMMON_SECTIONS as readonly string[]).includes(section)) continue;
        readers.set(section, [...(readers.get(section) ?? []), file.split('\\').join('/')]);
      }
    }
    for (const section of PAGE_COMMON_SECTIONS) {
      expect([...new Set(readers.get(section) ?? [])].sort(), section).toEqual(PAGE_SECTION_READERS[section]);
    }
  });
});

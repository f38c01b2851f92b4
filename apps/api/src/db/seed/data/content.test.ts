import { PAGE_SLUGS } from '@app/contracts';
import { parseRichText, type RichTextBlock } from '@app/domain';
import { icons as fluentEmoji } from '@iconify-json/fluent-emoji-flat';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { L, SeedImage } from '../types.ts';
import { cities } from './cities.ts';
import { gallery } from './gallery.ts';
import { news } from './news.ts';
import { pages } from './pages.ts';
import { recipes } from './recipes.ts';
import { shipper } from './shipper.ts';
import { stocks } from './stocks.ts';
import { vacancies } from './vacancies.ts';

const LOCALES = ['ru', 'uz', 'en'] as const;
type Locale = (typeof LOCALES)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOUR = /^#[0-9a-f]{6}$/i;
const CYRILLIC = /[\u0400-\u04FF]/;
// Uzbek Latin is typed with the ASCII apostrophe (o', g', tutuq belgisi); curly quotes and the
// modifier letters break search and look inconsistent next to each other.
const NON_ASCII_APOSTROPHE = /[\u2018\u2019\u02BB\u02BC`]/;
// The parser keeps these literally, so in a body they would show up as stray symbols on the page.
const FOREIGN_MARKUP = /\*\*|__|\[|\]|`|<|>|#/;
// Other markdown list and quote markers: the subset's only list marker is '- '.
const FOREIGN_LIST_ITEM = /^(?:\d+[.)]|[*+>])\s/;
const PROMO_CODE = /^[A-Z0-9]{4,20}$/;
const isoDateTime = z.iso.datetime();

/** News and gallery are dated within the demo's "last year". */
const NEWS_WINDOW = { from: Date.parse('2025-12-01T00:00:00Z'), to: Date.parse('2026-12-01T00:00:00Z') };

const serialise = (blocks: RichTextBlock[]): string =>
  blocks
    .map((block) => {
      if (block.type === 'heading') return `## ${block.text}`;
      if (block.type === 'list') return block.items.map((item) => `- ${item}`).join('\n');
      return block.text;
    })
    .join('\n\n');

/**
 * What is wrong with a body written in the storefront's markdown subset. A body is well formed when
 * it survives parse-then-serialise unchanged (so nothing is dropped, merged or re-wrapped by the
 * renderer) and its text carries no markup the subset does not have.
 */
function richTextProblems(source: string): string[] {
  const problems: string[] = [];
  const blocks = parseRichText(source);
  if (blocks.length === 0) problems.push('empty body');
  if (serialise(blocks) !== source) {
    problems.push("not in canonical form: blocks separated by one blank line, '## ' headings, '- ' items");
  }
  for (const block of blocks) {
    for (const text of block.type === 'list' ? block.items : [block.text]) {
      if (FOREIGN_MARKUP.test(text)) problems.push(`markup outside the subset in: ${text}`);
      // Headings may be numbered ('## 1. General provisions'); body lines may not look like list items.
      if (block.type !== 'heading' && FOREIGN_LIST_ITEM.test(text)) {
        problems.push(`list marker other than '- ': ${text}`);
      }
    }
  }
  return problems;
}

/** Single-line text (titles, previews, schedules, recipe lines): no markup at all. */
function plainTextProblems(source: string): string[] {
  const problems: string[] = [];
  if (/\n/.test(source)) problems.push('line break in plain text');
  if (source !== source.trim()) problems.push('leading or trailing whitespace');
  if (/^(?:#|- )/.test(source) || FOREIGN_MARKUP.test(source))
    problems.push(`markup in plain text: ${source}`);
  return problems;
}

function expectText(text: L, where: string) {
  for (const locale of LOCALES) {
    expect(text[locale].trim(), `${where}.${locale} is empty`).not.toBe('');
  }
  expect(CYRILLIC.test(text.ru), `${where}.ru is not Russian: ${text.ru}`).toBe(true);
  expect(CYRILLIC.test(text.uz), `${where}.uz must be Latin script: ${text.uz}`).toBe(false);
  expect(NON_ASCII_APOSTROPHE.test(text.uz), `${where}.uz apostrophe: ${text.uz}`).toBe(false);
  expect(CYRILLIC.test(text.en), `${where}.en has Cyrillic: ${text.en}`).toBe(false);
}

function expectPlain(text: L, where: string) {
  expectText(text, where);
  for (const locale of LOCALES) expect(plainTextProblems(text[locale]), `${where}.${locale}`).toEqual([]);
}

function expectRich(text: L, where: string) {
  expectText(text, where);
  for (const locale of LOCALES) expect(richTextProblems(text[locale]), `${where}.${locale}`).toEqual([]);
}

function expectImage(image: SeedImage, where: string) {
  expect(
    fluentEmoji.icons[image.icon],
    `${where}: icon '${image.icon}' is not in fluent-emoji-flat`,
  ).toBeDefined();
  expect(image.background, `${where}: background`).toMatch(COLOUR);
}

function expectUniqueSlugs(slugs: string[], kind: string) {
  for (const slug of slugs) expect(slug, `${kind} slug`).toMatch(SLUG);
  const duplicates = slugs.filter((slug, i) => slugs.indexOf(slug) !== i);
  expect(duplicates, `duplicate ${kind} slugs`).toEqual([]);
}

const blocksOf = (source: string, type: RichTextBlock['type']) =>
  parseRichText(source).filter((b) => b.type === type);
const headingsOf = (source: string) =>
  parseRichText(source).flatMap((b) => (b.type === 'heading' ? [b.text] : []));
const wordCount = (source: string) => source.split(/\s+/).filter((w) => /[\p{L}\d]/u.test(w)).length;
/** Digits only: '50 000 сум', "50 000 so'm" and '50,000 sum' all contain '50000'. */
const digitsOf = (source: string) => source.replace(/[\s,\u00a0]/g, '');

describe('the rich-text checker', () => {
  it('accepts the subset', () => {
    expect(richTextProblems('One paragraph.\n\n## A heading\n\n- one\n- two\n\nLast paragraph.')).toEqual([]);
  });

  it.each([
    ['bold', 'Some **bold** text.'],
    ['a link', 'See [the menu](/menu).'],
    ['a third-level heading', '### Heading'],
    ['a hash inside text', 'Call us #1.'],
    ['a paragraph wrapped over two lines', 'First line\nsecond line.'],
    ['a list glued to a paragraph', 'Text\n- item'],
    ['three newlines', 'One.\n\n\nTwo.'],
    ['a numbered list', '1. first\n\n2. second'],
    ['a star list', '* item'],
    ['trailing whitespace', 'Text. '],
  ])('rejects %s', (_, source) => {
    expect(richTextProblems(source)).not.toEqual([]);
  });
});

describe('news', () => {
  it('has at least 6 items, all of type news, with unique kebab-case slugs', () => {
    expect(news.length).toBeGreaterThanOrEqual(6);
    for (const item of news) expect(item.type, item.slug).toBe('news');
    expectUniqueSlugs(
      news.map((n) => n.slug),
      'news',
    );
  });

  it('has a one-sentence preview and a 2-4 paragraph body in every locale', () => {
    for (const item of news) {
      expectPlain(item.title, `${item.slug}.title`);
      expectPlain(item.preview, `${item.slug}.preview`);
      expectRich(item.body, `${item.slug}.body`);
      for (const locale of LOCALES) {
        const preview = item.preview[locale];
        expect(preview, `${item.slug}.preview.${locale} ends a sentence`).toMatch(/[.!?]$/);
        expect(preview, `${item.slug}.preview.${locale} is one sentence`).not.toMatch(/[.!?]\s+\p{Lu}/u);
        const paragraphs = blocksOf(item.body[locale], 'paragraph').length;
        expect(paragraphs, `${item.slug}.body.${locale} paragraphs`).toBeGreaterThanOrEqual(2);
        expect(paragraphs, `${item.slug}.body.${locale} paragraphs`).toBeLessThanOrEqual(4);
      }
    }
  });

  it('is dated with ISO datetimes over the last year and illustrated', () => {
    for (const item of [...news, ...gallery]) {
      expect(isoDateTime.safeParse(item.published_at).success, `${item.slug}: ${item.published_at}`).toBe(
        true,
      );
      const at = Date.parse(item.published_at);
      expect(at, `${item.slug} published_at`).toBeGreaterThanOrEqual(NEWS_WINDOW.from);
      expect(at, `${item.slug} published_at`).toBeLessThan(NEWS_WINDOW.to);
      expectImage(item.image, item.slug);
    }
  });
});

describe('gallery', () => {
  it('has at least 12 items of type gallery; slugs are unique across news and gallery (one table)', () => {
    expect(gallery.length).toBeGreaterThanOrEqual(12);
    for (const item of gallery) expect(item.type, item.slug).toBe('gallery');
    expectUniqueSlugs(
      [...news, ...gallery].map((n) => n.slug),
      'news-event',
    );
  });

  it('has a short title, a preview and a one-paragraph body', () => {
    for (const item of gallery) {
      expectPlain(item.title, `${item.slug}.title`);
      expectPlain(item.preview, `${item.slug}.preview`);
      expectRich(item.body, `${item.slug}.body`);
      for (const locale of LOCALES) {
        expect(item.title[locale].length, `${item.slug}.title.${locale}`).toBeLessThanOrEqual(40);
        const blocks = parseRichText(item.body[locale]);
        expect(
          blocks.map((b) => b.type),
          `${item.slug}.body.${locale}`,
        ).toEqual(['paragraph']);
      }
    }
  });
});

describe('stocks', () => {
  it('has at least 4 promotions with unique slugs and images', () => {
    expect(stocks.length).toBeGreaterThanOrEqual(4);
    expectUniqueSlugs(
      stocks.map((s) => s.slug),
      'stock',
    );
    for (const stock of stocks) {
      expectPlain(stock.title, `${stock.slug}.title`);
      expectRich(stock.description, `${stock.slug}.description`);
      expectImage(stock.image, stock.slug);
    }
  });

  it('starts before it ends, and at least one promotion is open-ended', () => {
    for (const stock of stocks) {
      expect(isoDateTime.safeParse(stock.starts_at).success, `${stock.slug}.starts_at`).toBe(true);
      if (stock.ends_at !== null) {
        expect(isoDateTime.safeParse(stock.ends_at).success, `${stock.slug}.ends_at`).toBe(true);
        expect(Date.parse(stock.ends_at), `${stock.slug} ends after it starts`).toBeGreaterThan(
          Date.parse(stock.starts_at),
        );
      }
    }
    expect(stocks.some((s) => s.ends_at === null)).toBe(true);
  });

  it('has upper-case promo codes that the description names, and its conditions as a list', () => {
    expect(stocks.some((s) => s.promo_code !== null)).toBe(true);
    for (const stock of stocks) {
      if (stock.promo_code !== null) expect(stock.promo_code, stock.slug).toMatch(PROMO_CODE);
      for (const locale of LOCALES) {
        const description = stock.description[locale];
        if (stock.promo_code !== null)
          expect(description, `${stock.slug}.${locale}`).toContain(stock.promo_code);
        expect(
          blocksOf(description, 'list').length,
          `${stock.slug}.${locale} conditions list`,
        ).toBeGreaterThan(0);
      }
    }
  });
});

describe('vacancies', () => {
  const SECTIONS: Record<Locale, string[]> = {
    ru: ['Обязанности', 'Требования', 'Мы предлагаем'],
    uz: ['Vazifalar', 'Talablar', 'Biz taklif qilamiz'],
    en: ['Duties', 'Requirements', 'We offer'],
  };

  it('has at least 4 vacancies with unique slugs in every city, one of them closed', () => {
    expect(vacancies.length).toBeGreaterThanOrEqual(4);
    expectUniqueSlugs(
      vacancies.map((v) => v.slug),
      'vacancy',
    );
    const citySlugs = cities.map((c) => c.slug);
    for (const vacancy of vacancies) expect(citySlugs, vacancy.slug).toContain(vacancy.city);
    expect(new Set(vacancies.map((v) => v.city))).toEqual(new Set(citySlugs));
    expect(vacancies.some((v) => !v.is_active)).toBe(true);
    expect(vacancies.some((v) => v.is_active)).toBe(true);
  });

  it('gives monthly salaries in whole sums, from <= to, or null for both', () => {
    for (const { slug, salary_from: from, salary_to: to } of vacancies) {
      expect(from === null, `${slug}: salary_from and salary_to are both set or both null`).toBe(to === null);
      if (from === null || to === null) continue;
      for (const amount of [from, to]) {
        expect(Number.isSafeInteger(amount), `${slug}: ${amount}`).toBe(true);
        // A plausible monthly wage in Uzbekistan: above the minimum wage, below a manager's pay.
        expect(amount, slug).toBeGreaterThanOrEqual(1_000_000);
        expect(amount, slug).toBeLessThanOrEqual(50_000_000);
      }
      expect(from, slug).toBeLessThanOrEqual(to);
    }
  });

  it('describes duties, requirements and what we offer, in that order, in every locale', () => {
    for (const vacancy of vacancies) {
      expectPlain(vacancy.title, `${vacancy.slug}.title`);
      expectPlain(vacancy.schedule, `${vacancy.slug}.schedule`);
      expectRich(vacancy.description, `${vacancy.slug}.description`);
      for (const locale of LOCALES) {
        expect(headingsOf(vacancy.description[locale]), `${vacancy.slug}.${locale}`).toEqual(
          SECTIONS[locale],
        );
      }
    }
  });
});

describe('recipes', () => {
  it('has at least 4 recipes with unique slugs, images, cooking time and servings', () => {
    expect(recipes.length).toBeGreaterThanOrEqual(4);
    expectUniqueSlugs(
      recipes.map((r) => r.slug),
      'recipe',
    );
    for (const recipe of recipes) {
      expectPlain(recipe.title, `${recipe.slug}.title`);
      expectPlain(recipe.description, `${recipe.slug}.description`);
      expectImage(recipe.image, recipe.slug);
      expect(Number.isInteger(recipe.cooking_time) && recipe.cooking_time > 0, recipe.slug).toBe(true);
      expect(Number.isInteger(recipe.servings) && recipe.servings > 0, recipe.slug).toBe(true);
    }
  });

  it('lists ingredients with quantities and 5-10 steps', () => {
    for (const recipe of recipes) {
      expect(recipe.ingredients.length, `${recipe.slug} ingredients`).toBeGreaterThanOrEqual(3);
      recipe.ingredients.forEach((line, i) => {
        expectPlain(line, `${recipe.slug}.ingredients[${i}]`);
        for (const locale of LOCALES) expect(line[locale], `${recipe.slug}.ingredients[${i}]`).toMatch(/\d/);
      });
      expect(recipe.steps.length, `${recipe.slug} steps`).toBeGreaterThanOrEqual(5);
      expect(recipe.steps.length, `${recipe.slug} steps`).toBeLessThanOrEqual(10);
      recipe.steps.forEach((step, i) => {
        expectPlain(step, `${recipe.slug}.steps[${i}]`);
      });
    }
  });
});

describe('pages', () => {
  const page = (slug: (typeof PAGE_SLUGS)[number]) => {
    const found = pages.find((p) => p.slug === slug);
    if (!found) throw new Error(`page ${slug} is missing`);
    return found;
  };

  it('has every page slug exactly once', () => {
    expect([...pages.map((p) => p.slug)].sort()).toEqual([...PAGE_SLUGS].sort());
  });

  it('has a title and a well-formed body in every locale', () => {
    for (const { slug, title, body } of pages) {
      expectPlain(title, `${slug}.title`);
      expectRich(body, `${slug}.body`);
    }
  });

  it('keeps the offer between 400 and 1200 words in numbered sections', () => {
    const offer = page('offer');
    for (const locale of LOCALES) {
      const words = wordCount(offer.body[locale]);
      expect(words, `offer.${locale} words`).toBeGreaterThanOrEqual(400);
      expect(words, `offer.${locale} words`).toBeLessThanOrEqual(1200);
      const headings = headingsOf(offer.body[locale]);
      expect(headings.length, `offer.${locale} sections`).toBeGreaterThanOrEqual(8);
      headings.forEach((heading, i) => {
        expect(heading, `offer.${locale} section ${i + 1}`).toMatch(new RegExp(`^${i + 1}\\. \\S`));
      });
    }
  });

  it('names in the offer every payment type, the currency and the personal data law', () => {
    const law: Record<Locale, string> = {
      ru: '«О персональных данных»',
      uz: `"Shaxsga doir ma'lumotlar to'g'risida"`,
      en: '"On Personal Data"',
    };
    for (const locale of LOCALES) {
      const body = page('offer').body[locale];
      for (const needle of ['Payme', 'Click', 'UZS', 'Uzcard', 'Humo', 'Baraka Club', law[locale]]) {
        expect(body, `offer.${locale}`).toContain(needle);
      }
    }
  });

  it('keeps the other pages shorter than the offer', () => {
    for (const { slug, body } of pages.filter((p) => p.slug !== 'offer')) {
      for (const locale of LOCALES) {
        const words = wordCount(body[locale]);
        expect(words, `${slug}.${locale} words`).toBeGreaterThanOrEqual(60);
        expect(words, `${slug}.${locale} words`).toBeLessThan(wordCount(page('offer').body[locale]));
      }
    }
  });

  it('agrees with the shipper record on the hotline, the hours and the minimum order', () => {
    const hotline = shipper.phone;
    for (const locale of LOCALES) {
      for (const slug of ['contacts', 'offer', 'return-product-rules'] as const) {
        expect(digitsOf(page(slug).body[locale]).replace(/\+/g, ''), `${slug}.${locale} hotline`).toContain(
          hotline,
        );
      }
      const delivery = page('delivery-terms').body[locale];
      expect(digitsOf(delivery), `delivery-terms.${locale} minimum order`).toContain(
        String(shipper.minimal_order_price),
      );
      for (const slug of ['contacts', 'delivery-terms'] as const) {
        const body = page(slug).body[locale];
        expect(body, `${slug}.${locale} hours`).toContain(shipper.work_hour_start);
        expect(body, `${slug}.${locale} hours`).toContain(shipper.work_hour_end);
      }
    }
  });

  it('gives the same free-delivery threshold on the delivery page as the promotion does', () => {
    const promotion = stocks.find((s) => s.slug === 'free-delivery-from-150000');
    expect(promotion).toBeDefined();
    for (const locale of LOCALES) {
      expect(digitsOf(page('delivery-terms').body[locale]), locale).toContain('150000');
      expect(digitsOf(promotion?.description[locale] ?? ''), locale).toContain('150000');
    }
  });
});

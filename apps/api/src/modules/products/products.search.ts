/**
 * The product search of GET /v2/product: @app/domain's `searchRank` over a product's texts
 * (productSearchTexts: its ru, uz and en titles and its slug's words), run by the database over the
 * keys stored with each product, so the API finds exactly what the storefront's `matchesSearch` finds
 * over the same texts, in the domain's rank order: spelling folds, words at a word's start or (from
 * SEARCH_MIN_INFIX letters) inside one, skeletons, and joined words ('chakchak' finds 'Chak-chak',
 * 'chak chak' finds 'Chakchak'). Calling `searchRank` on every product of a search costs a quarter to
 * half a millisecond of this process's CPU per product (folding its texts each time); the database
 * reads keys folded once, when the product is written (seed/catalog.ts, refreshed at start).
 *
 * What is stored (products.search_key, products.search_skeleton):
 * - the key: each text's `searchKey`, joined by SEARCH_TEXT_SEPARATOR (' | '), so a word or a part of
 *   one never spans two texts, and a text's start is '| ' in `'| ' || key`;
 * - the skeleton: `searchSkeleton` of the texts, their words' skeletons space-separated.
 *
 * The rule, each part as `searchRank` has it and as `searchRankSql` below asks it
 * (keys hold only a-z, 0-9, spaces and the separator, so no LIKE pattern character):
 * - rank 0: a text's key starts with the query's key: `'| ' || key` contains '| ' + query key;
 * - rank 1: the query's key without spaces (from SEARCH_MIN_INFIX letters) is in a text's key without
 *   spaces, `replace(key, ' ', '')` (the texts stay apart at their '|'); or every query word is in a
 *   word, at its start (`' ' || key` contains ' ' + word) or, from SEARCH_MIN_INFIX letters, anywhere
 *   (`key` contains the word: it has no space, so inside one word);
 * - rank 2: every query word is so, or its skeleton (from SEARCH_MIN_SKELETON letters) starts a word's
 *   skeleton (`' ' || skeleton` contains ' ' + its skeleton);
 * - else no match. A query that folds to nothing ('', '%', ' - ') is no search at all.
 * products-search.test.ts checks the API against `searchRank` itself, on the same products and queries.
 *
 * Cost: the query is at most 100 characters (ZProductListQuery), so its key has a bounded number of
 * words; each distinct word is asked once (a repeated word asks nothing more), as at most three LIKEs
 * with short patterns over one row's short text.
 */
import type { TLocalizedText } from '@app/contracts';
import { SEARCH_MIN_INFIX, SEARCH_MIN_SKELETON, searchKey, searchSkeleton } from '@app/domain';
import { and, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { containsPattern } from '../../db/query-helpers.ts';
import { products } from '../../db/schema/index.ts';

/** Between the texts' keys in the stored key: no word, and no part of one, spans two texts. */
export const SEARCH_TEXT_SEPARATOR = ' | ';

/**
 * The texts a product is searched in, as @app/domain's `searchRank` takes them: its ru, uz and en
 * titles and its slug's words (Latin even for a Cyrillic-only title).
 */
export const productSearchTexts = (product: { title: TLocalizedText; slug: string }): string[] => [
  product.title.ru,
  product.title.uz,
  product.title.en,
  product.slug.replace(/-/g, ' '),
];

/** The stored search key (products.search_key) of a product's texts. */
export const storedSearchKey = (product: { title: TLocalizedText; slug: string }): string =>
  productSearchTexts(product).map(searchKey).join(SEARCH_TEXT_SEPARATOR);

/** The stored search skeleton (products.search_skeleton) of a product's texts. */
export const storedSearchSkeleton = (product: { title: TLocalizedText; slug: string }): string =>
  productSearchTexts(product)
    .map(searchSkeleton)
    .filter((skeleton) => skeleton !== '')
    .join(' ');

export type ProductSearchWord = {
  /** A word of the query's key. */
  key: string;
  /** Whether it may sit inside a word (SEARCH_MIN_INFIX letters on), not only start one. */
  infix: boolean;
  /** Its `searchSkeleton`, or null when too short to match anything (SEARCH_MIN_SKELETON). */
  skeleton: string | null;
};

export type ProductSearch = {
  /** `searchKey` of the query (the rank-0 prefix). */
  key: string;
  /** Its distinct words (`every` asks each once), longest first. */
  words: ProductSearchWord[];
  /** The key without spaces for the joined-words match; null below SEARCH_MIN_INFIX letters. */
  compact: string | null;
};

/** The search for `query`, or undefined when it folds to nothing: no search, every product. */
export function productSearch(query: string | undefined): ProductSearch | undefined {
  const key = searchKey(query ?? '');
  if (!key) return undefined;
  // Longest first: the rarest, so a product without them is passed over soonest.
  const distinct = [...new Set(key.split(' '))].sort((a, b) => b.length - a.length);
  const words = distinct.map((word) => {
    const skeleton = searchSkeleton(word);
    return {
      key: word,
      infix: word.length >= SEARCH_MIN_INFIX,
      skeleton: skeleton.length >= SEARCH_MIN_SKELETON ? skeleton : null,
    };
  });
  const compact = key.replace(/ /g, '');
  return { key, words, compact: compact.length >= SEARCH_MIN_INFIX ? compact : null };
}

/*
 * The rule in SQL, over the stored keys of `products` (the header above: each rank's test): the
 * list's filter (`searchMatchSql`) and its order (`searchRankSql`), which products.repository's
 * listProducts asks.
 */

/** `column`, after `prefix`, contains `text` (taken literally; keys have no pattern character anyway). */
const has = (column: PgColumn, text: string, prefix = ''): SQL =>
  prefix
    ? sql`(${prefix} || ${column}) like ${containsPattern(`${prefix}${text}`)}`
    : like(column, containsPattern(text));

/** A query word found as typed: at a word's start, or inside a word from SEARCH_MIN_INFIX letters. */
const wordIn = (word: ProductSearchWord): SQL =>
  word.infix ? has(products.searchKey, word.key) : has(products.searchKey, word.key, ' ');

/** The joined-words match: the query without spaces in one text's key without spaces. */
const joinedIn = (compact: string): SQL =>
  sql`replace(${products.searchKey}, ' ', '') like ${containsPattern(compact)}`;

/**
 * Whether the product is found (products.repository's list filter): @app/domain's `searchRank` is
 * not null: the joined words, or every word as typed or by its skeleton.
 */
export function searchMatchSql(search: ProductSearch): SQL {
  const everyWord = and(
    ...search.words.map((word) =>
      word.skeleton
        ? (or(wordIn(word), has(products.searchSkeleton, word.skeleton, ' ')) as SQL)
        : wordIn(word),
    ),
  ) as SQL;
  return search.compact ? (or(joinedIn(search.compact), everyWord) as SQL) : everyWord;
}

/**
 * @app/domain's `searchRank` of a product the search finds (products.repository's list order): 0 a
 * text starts with the query, 1 the joined words or every word as typed, else 2 (by skeleton).
 */
export function searchRankSql(search: ProductSearch): SQL {
  const asTyped = and(...search.words.map(wordIn)) as SQL;
  const rank1 = search.compact ? (or(joinedIn(search.compact), asTyped) as SQL) : asTyped;
  return sql`case when ${has(products.searchKey, search.key, '| ')} then 0 when ${rank1} then 1 else 2 end`;
}

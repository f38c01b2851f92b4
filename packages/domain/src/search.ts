/**
 * Spelling-tolerant product search over ru / uz (Latin and Cyrillic) / en titles. Everything is
 * folded to one Latin key, so 'lavash' finds 'Лаваш' and 'shashlyk' finds 'Шашлик'. It folds
 * spelling only, never meaning: 'osh' finds 'Ош' but not 'Palov'.
 */

// Russian and Uzbek Cyrillic to Latin, close to the official Uzbek Latin alphabet. Where the
// scripts disagree the later folds (FOLDS) bring both spellings to one form.
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'k',
  ғ: 'g',
  ҳ: 'h',
};

/**
 * Uzbek Latin writes oʻ/gʻ and the tutuq belgisi with any of these; all are dropped, so o' = o
 * and g' = g (and Cyrillic ў, ғ map to o, g).
 */
const APOSTROPHES = /['`´ʻʼ‘’ʹ′]/g;

// Applied in order to each word once it is plain Latin.
const FOLDS: [RegExp, string][] = [
  [/shch/g, 'sh'],
  [/zz/g, 'ts'], // pizza = пицца = pitsa
  [/kh/g, 'h'], // khanum = xonim = ханум
  [/x/g, 'h'],
  [/zh/g, 'j'], // Russian ж transliterated as zh = Uzbek j
  [/dj/g, 'j'], // джиз = jiz
  [/q/g, 'k'], // qazi = казы
  [/w/g, 'v'],
  [/c(?!h)/g, 'k'], // cola = кола; 'ch' stays a sound of its own
  [/y[oe]/g, 'e'], // ёлка = елка, yevro = евро: Russian writes ё as е, and ye/е vary at word start
  [/y(?![aiu])/g, 'i'], // shashlyk = шашлык = shashlik; y before a vowel stays a consonant (ya, yu)
  [/(ch|sh|ts)\1+/g, '$1'], // achchiq = аччиқ (doubled Cyrillic letters are collapsed first)
  [/(.)\1+/g, '$1'], // double letters: латте = late, mussaka = musaka
];

const foldWord = (word: string): string =>
  FOLDS.reduce((w, [pattern, replacement]) => w.replace(pattern, replacement), word);

/** The folded key of a text: compare keys, never raw texts. */
export const searchKey = (text: string): string => {
  const lower = text.normalize('NFC').toLowerCase();
  // Doubled Cyrillic letters collapse before transliteration: пицца -> пица -> pitsa, not pitstsa.
  const single = lower.replace(/(\p{Script=Cyrillic})\1+/gu, '$1');
  const latin = Array.from(single, (ch) => CYRILLIC[ch] ?? ch).join('');
  // Apostrophes go before NFKD, which would turn '´' into a space plus a combining accent.
  const plain = latin
    .replace(APOSTROPHES, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // é -> e
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return plain ? plain.split(' ').map(foldWord).join(' ') : '';
};

// Digraphs stand for one sound, so they count as one letter in a skeleton ('kuritsa' is k-r-ts,
// which must not look like k-r-t-sh 'kartoshka'). Upper case cannot clash with a folded key.
const DIGRAPHS: [RegExp, string][] = [
  [/sh/g, 'S'],
  [/ch/g, 'C'],
  [/ts/g, 'T'],
];

/**
 * Each word's first letter followed by its other consonants: 'xonim', 'ханум' and 'khanum' all give
 * 'hnm', 'somsa'/'самса' give 'sms', 'norin'/'нарын' 'nrn'. Vowels are where ru and uz spellings of
 * one dish differ most; the first letter stays so 'achchiq' ('aCk') is not 'chicken' ('Ckn').
 */
export const searchSkeleton = (text: string): string =>
  searchKey(text)
    .split(' ')
    .filter(Boolean)
    .map((word) => {
      const w = DIGRAPHS.reduce((acc, [pattern, letter]) => acc.replace(pattern, letter), word);
      return `${w.slice(0, 1)}${w.slice(1).replace(/[aeiouy]/g, '')}`.replace(/(.)\1+/g, '$1');
    })
    .join(' ');

/** Below this many letters a skeleton matches too much ('non' -> 'n'). */
export const SEARCH_MIN_SKELETON = 3;
/**
 * Shorter query words must start a word of the text: 'osh' finds 'Toshkent oshi' but not
 * "go'shtli"; longer ones may sit inside a word ('burger' finds 'cheeseburger').
 */
export const SEARCH_MIN_INFIX = 4;

const wordIn = (queryWord: string, textWords: readonly string[]): boolean =>
  textWords.some(
    (w) => w.startsWith(queryWord) || (queryWord.length >= SEARCH_MIN_INFIX && w.includes(queryWord)),
  );

const words = (key: string): string[] => key.split(' ').filter(Boolean);

/**
 * How well a query matches any of the texts (e.g. a product's ru, uz and en titles):
 * 0 = a text starts with the query, 1 = every query word starts a word of the texts (or, from four
 * letters on, sits inside one; 'chakchak' also finds 'chak-chak'), 2 = the same, allowing a word
 * to match by its skeleton (see searchSkeleton) starting a word's skeleton, null = no match. An empty query matches
 * everything at rank 0.
 */
export const searchRank = (query: string, texts: readonly string[]): 0 | 1 | 2 | null => {
  const q = searchKey(query);
  if (!q) return 0;
  const keys = texts.map(searchKey);
  if (keys.some((k) => k.startsWith(q))) return 0;
  const queryWords = words(q);
  const textWords = keys.flatMap(words);
  const compact = q.replace(/ /g, '');
  const compactMatch =
    compact.length >= SEARCH_MIN_INFIX && keys.some((k) => k.replace(/ /g, '').includes(compact));
  if (compactMatch || queryWords.every((w) => wordIn(w, textWords))) return 1;
  const textSkeletons = texts.flatMap((t) => words(searchSkeleton(t)));
  // Skeletons are loose already: they must start a word, never sit inside one.
  const bySkeleton = (w: string) => {
    const skeleton = searchSkeleton(w);
    return skeleton.length >= SEARCH_MIN_SKELETON && textSkeletons.some((s) => s.startsWith(skeleton));
  };
  return queryWords.every((w) => wordIn(w, textWords) || bySkeleton(w)) ? 2 : null;
};

/** Whether a query finds something among the texts (case-, script- and spelling-insensitive). */
export const matchesSearch = (query: string, texts: readonly string[]): boolean =>
  searchRank(query, texts) !== null;

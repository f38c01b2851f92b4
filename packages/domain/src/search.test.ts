import { describe, expect, it } from 'vitest';
import { matchesSearch, searchKey, searchRank, searchSkeleton } from './search.ts';

/** A product's titles as the API stores them: ru, uz (Latin), en. */
const titles = (ru: string, uz: string, en: string) => [ru, uz, en];

describe('searchKey', () => {
  it('lowercases, drops punctuation and collapses spaces', () => {
    expect(searchKey('  LAVASH,   Big!! ')).toBe('lavash big');
    expect(searchKey('Chak-chak')).toBe('chak chak');
    expect(searchKey('')).toBe('');
    expect(searchKey(' - ')).toBe('');
  });

  it('transliterates Russian Cyrillic', () => {
    expect(searchKey('Лаваш')).toBe('lavash');
    expect(searchKey('Шашлык')).toBe('shashlik');
    expect(searchKey('Чучвара')).toBe('chuchvara');
    expect(searchKey('Щи')).toBe('shi');
    expect(searchKey('Подъезд')).toBe('podezd');
  });

  it('transliterates Uzbek Cyrillic letters ў қ ғ ҳ', () => {
    expect(searchKey('Ўрама')).toBe(searchKey("O'rama"));
    expect(searchKey('Қази')).toBe(searchKey('Qazi'));
    expect(searchKey('Ғижда')).toBe(searchKey("G'ijda"));
    expect(searchKey('Ҳасип')).toBe(searchKey('Hasip'));
  });

  it("unifies every Uzbek apostrophe: o' oʻ o‘ o’ o` and g'", () => {
    const key = searchKey("O'rama");
    for (const spelling of ['Oʻrama', 'O‘rama', 'O’rama', 'O`rama', 'O´rama', 'Oʼrama', 'Orama'])
      expect(searchKey(spelling)).toBe(key);
    expect(searchKey("G'ijduvon")).toBe(searchKey('Gʻijduvon'));
    expect(searchKey("Lag'mon")).toBe('lagmon');
  });

  it('folds x / kh / h', () => {
    expect(searchKey('Xasip')).toBe(searchKey('Khasip'));
    expect(searchKey('Khasip')).toBe(searchKey('Hasip'));
    expect(searchKey('Хасип')).toBe(searchKey('Hasip'));
  });

  it('folds q to k, w to v, c (not ch) to k', () => {
    expect(searchKey('Qozon')).toBe(searchKey('Kozon'));
    expect(searchKey('Wafli')).toBe(searchKey('Вафли'));
    expect(searchKey('Coca-Cola')).toBe(searchKey('Кока-Кола'));
    expect(searchKey('Coffee')).toBe(searchKey('Кофе'));
    expect(searchKey('Cheburek')).toBe(searchKey('Чебурек'));
  });

  it('folds yo / ye / e and y / i spellings', () => {
    expect(searchKey('Лепёшка')).toBe(searchKey('Лепешка'));
    expect(searchKey('Лепёшка')).toBe(searchKey('lepyoshka'));
    expect(searchKey('Shashlyk')).toBe(searchKey('shashlik'));
    expect(searchKey('Тандыр')).toBe(searchKey('Tandir'));
    expect(searchKey('Milliy')).toBe(searchKey('Миллий'));
    expect(searchKey("Yog'")).toBe(searchKey('Ёғ'));
  });

  it('keeps y before a vowel as a consonant', () => {
    expect(searchKey('Ayran')).toBe(searchKey('Айран'));
    expect(searchKey('Yangi')).toBe('yangi');
    expect(searchKey('Ю')).toBe('yu');
  });

  it('folds double letters and ts / zz / ц', () => {
    expect(searchKey('Латте')).toBe(searchKey('Latte'));
    expect(searchKey('Latte')).toBe('late');
    expect(searchKey('Пицца')).toBe(searchKey('Pizza'));
    expect(searchKey('Pizza')).toBe(searchKey('Pitsa'));
    expect(searchKey('Цезарь')).toBe(searchKey('Tsezar'));
  });

  it('collapses doubled digraphs the way doubled Cyrillic letters collapse', () => {
    expect(searchKey('Achchiq')).toBe(searchKey('Аччиқ'));
    expect(searchKey('Пицца')).toBe('pitsa');
  });

  it('folds zh and dzh to j', () => {
    expect(searchKey('Жаркоп')).toBe(searchKey('Jarkop'));
    expect(searchKey('Zharkop')).toBe(searchKey('Jarkop'));
    expect(searchKey('Джиз')).toBe(searchKey('Jiz'));
  });

  it('strips Latin diacritics', () => {
    expect(searchKey('Crème brûlée')).toBe(searchKey('creme brulee'));
  });

  it('keeps digits', () => {
    expect(searchKey('Пицца 30 см')).toBe('pitsa 30 sm');
  });

  it('is idempotent', () => {
    for (const s of ['Лепёшка', 'Pizza', 'Xonim', 'shashlyk', "Sho'rva", 'Coca-Cola']) {
      expect(searchKey(searchKey(s))).toBe(searchKey(s));
    }
  });
});

describe('searchSkeleton', () => {
  it('keeps each word first letter and its other consonants', () => {
    expect(searchSkeleton('Xonim')).toBe('hnm');
    expect(searchSkeleton('Ханум')).toBe('hnm');
    expect(searchSkeleton('Qozon kabob')).toBe('kzn kb');
    expect(searchSkeleton('Oʻrama')).toBe('orm');
  });

  it('counts sh, ch and ts as one letter', () => {
    expect(searchSkeleton('Курица')).toBe('krT');
    expect(searchSkeleton('Kartoshka')).toBe('krtSk');
    expect(searchSkeleton('Achchiq')).toBe('aCk');
  });
});

describe('matchesSearch over real dish names in three scripts', () => {
  const menu = {
    lavash: titles('Лаваш с говядиной', 'Mol goʻshtli lavash', 'Beef lavash'),
    shashlik: titles('Шашлык из баранины', 'Qoʻy goʻshtidan shashlik', 'Lamb shashlik'),
    chuchvara: titles('Чучвара', 'Chuchvara', 'Chuchvara dumplings'),
    xonim: titles('Ханум', 'Xonim', 'Khanum rolls'),
    osh: titles('Ош по-ташкентски', 'Toshkent oshi', 'Tashkent plov'),
    palov: titles('Праздничный плов', 'Toʻy palovi', 'Wedding pilaf'),
    somsa: titles('Самса тандырная', 'Tandir somsa', 'Tandoor samsa'),
    lagmon: titles('Лагман', "Lag'mon", 'Lagman noodles'),
    norin: titles('Нарын', 'Norin', 'Naryn'),
    qazi: titles('Казы', 'Qazi', 'Horse sausage'),
    cola: titles('Кока-Кола 0,5 л', 'Coca-Cola 0,5 l', 'Coca-Cola 0.5 l'),
    pizza: titles('Пицца Маргарита', 'Margarita pitsa', 'Pizza Margherita'),
    lepeshka: titles('Лепёшка', 'Patir non', 'Flatbread'),
    achichuk: titles('Ачичук', 'Achchiq-chuchuk', 'Tomato and onion salad'),
    chakchak: titles('Чак-чак', 'Chak-chak', 'Chak-chak'),
  };
  const find = (query: string) =>
    Object.entries(menu)
      .filter(([, texts]) => matchesSearch(query, texts))
      .map(([key]) => key);

  it.each([
    ['lavash', 'lavash'],
    ['Лаваш', 'lavash'],
    ['LAVASH', 'lavash'],
    ['лав', 'lavash'],
    ['shashlik', 'shashlik'],
    ['шашлык', 'shashlik'],
    ['shashlyk', 'shashlik'],
    ['шашлик', 'shashlik'],
    ['chuchvara', 'chuchvara'],
    ['чучвара', 'chuchvara'],
    ['xonim', 'xonim'],
    ['ханум', 'xonim'],
    ['khanum', 'xonim'],
    ['хоним', 'xonim'],
    ['самса', 'somsa'],
    ['somsa', 'somsa'],
    ['лагмон', 'lagmon'],
    ["lag'mon", 'lagmon'],
    ['lagʻmon', 'lagmon'],
    ['narin', 'norin'],
    ['норин', 'norin'],
    ['қази', 'qazi'],
    ['kazi', 'qazi'],
    ['кола', 'cola'],
    ['cola', 'cola'],
    ['pitsa', 'pizza'],
    ['пицца', 'pizza'],
    ['лепешка', 'lepeshka'],
    ['lepyoshka', 'lepeshka'],
    ['ачичук', 'achichuk'],
    ['аччиқ чучук', 'achichuk'],
    ['чакчак', 'chakchak'],
    ['chakchak', 'chakchak'],
  ])('%s finds %s', (query, expected) => {
    expect(find(query)).toContain(expected);
  });

  it('"osh" finds Ош but not Palov: spelling, not synonyms', () => {
    expect(find('osh')).toContain('osh');
    expect(find('osh')).not.toContain('palov');
    expect(find('ош')).toEqual(['osh']);
  });

  it('finds nothing unrelated', () => {
    expect(find('lavash')).toEqual(['lavash']);
    expect(find('шашлык')).toEqual(['shashlik']);
    expect(find('пицца')).toEqual(['pizza']);
    expect(find('burger')).toEqual([]);
    expect(find('zzz')).toEqual([]);
  });

  it('needs every word of the query', () => {
    expect(find('lavash beef')).toEqual(['lavash']);
    expect(find('lavash lamb')).toEqual([]);
  });

  it('an empty or punctuation-only query matches everything', () => {
    expect(find('')).toHaveLength(Object.keys(menu).length);
    expect(find(' ,. ')).toHaveLength(Object.keys(menu).length);
  });

  it('does not match skeletons that only look alike', () => {
    expect(matchesSearch('achchiq', ['Chicken lavash'])).toBe(false);
    expect(matchesSearch('курица', ['Kartoshka fri'])).toBe(false);
    expect(matchesSearch('курица', ['Лаваш с курицей'])).toBe(true);
  });

  it('does not match on a two-consonant skeleton', () => {
    // 'ash' has the skeleton 'sh', which is in 'shashlik', but that is no spelling of it.
    expect(matchesSearch('ash', ['Шашлык'])).toBe(false);
  });
});

describe('searchRank', () => {
  it('ranks a prefix over a word inside over a skeleton match', () => {
    expect(searchRank('лаваш', ['Lavash with beef'])).toBe(0);
    expect(searchRank('beef', ['Lavash with beef'])).toBe(1);
    expect(searchRank('ханум', ['Xonim'])).toBe(2);
    expect(searchRank('burger', ['Xonim'])).toBeNull();
  });

  it('checks each of the texts', () => {
    expect(searchRank('plov', ['Ош', 'Toshkent oshi', 'Tashkent plov'])).toBe(1);
    expect(searchRank('tashkent', ['Ош', 'Toshkent oshi', 'Tashkent plov'])).toBe(0);
  });
});

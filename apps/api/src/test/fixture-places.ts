import type { L, SeedPlace } from '../db/seed/types.ts';

/**
 * The local geocoder's gazetteer for the API tests: a few Tashkent places, independent of the demo
 * data. Chosen so that lookups can only succeed by folding: 'Чиланзар' (ru) is 'Chilonzor' (uz),
 * 'Amir Temur' is 'Амир Темур' only in Cyrillic, and two places share the name 'Chilonzor'.
 */
const t = (ru: string, uz: string, en: string): L => ({ ru, uz, en });
const tashkent = (key: string, kind: SeedPlace['kind'], name: L, description: L, lat: number, long: number) =>
  ({ key, city: 'tashkent', kind, name, description, location: { lat, long } }) satisfies SeedPlace;

const CENTRE = t('Мирабадский район, Ташкент', 'Mirobod tumani, Toshkent', 'Mirobod district, Tashkent');
const YUNUSOBOD = t(
  'Юнусабадский район, Ташкент',
  'Yunusobod tumani, Toshkent',
  'Yunusobod district, Tashkent',
);
const CHILONZOR = t(
  'Чиланзарский район, Ташкент',
  'Chilonzor tumani, Toshkent',
  'Chilonzor district, Tashkent',
);

export const fixturePlaces: SeedPlace[] = [
  tashkent(
    'tashkent',
    'locality',
    t('Ташкент', 'Toshkent', 'Tashkent'),
    t('Узбекистан', "O'zbekiston", 'Uzbekistan'),
    41.311153,
    69.279729,
  ),
  tashkent(
    'amir-temur-square',
    'landmark',
    t('Сквер Амира Темура', 'Amir Temur xiyoboni', 'Amir Timur Square'),
    CENTRE,
    41.311081,
    69.279737,
  ),
  tashkent(
    'amir-temur-avenue',
    'street',
    t('проспект Амира Темура', "Amir Temur shoh ko'chasi", 'Amir Temur Avenue'),
    YUNUSOBOD,
    41.3285,
    69.2846,
  ),
  tashkent(
    'yunusobod',
    'district',
    t('Юнусабадский район', 'Yunusobod tumani', 'Yunusobod district'),
    t('Ташкент', 'Toshkent', 'Tashkent'),
    41.3643,
    69.2864,
  ),
  tashkent(
    'chilonzor',
    'district',
    t('Чиланзарский район', 'Chilonzor tumani', 'Chilonzor district'),
    t('Ташкент', 'Toshkent', 'Tashkent'),
    41.2756,
    69.2034,
  ),
  tashkent(
    'metro-chilonzor',
    'metro',
    t('метро Чиланзар', 'Chilonzor metro bekati', 'Chilonzor metro station'),
    CHILONZOR,
    41.2736,
    69.2046,
  ),
  tashkent(
    'chorsu-bazaar',
    'landmark',
    t('Базар Чорсу', 'Chorsu bozori', 'Chorsu Bazaar'),
    t('Шайхантахурский район, Ташкент', 'Shayxontohur tumani, Toshkent', 'Shaykhantakhur district, Tashkent'),
    41.3264,
    69.2361,
  ),
  tashkent(
    'tv-tower',
    'landmark',
    t('Ташкентская телебашня', 'Toshkent teleminorasi', 'Tashkent TV Tower'),
    YUNUSOBOD,
    41.3456,
    69.2851,
  ),
  tashkent(
    'mustaqillik-square',
    'landmark',
    t('Площадь Независимости', 'Mustaqillik maydoni', 'Independence Square'),
    CENTRE,
    41.3058,
    69.2706,
  ),
  tashkent(
    'metro-oybek',
    'metro',
    t('метро Ойбек', 'Oybek metro bekati', 'Oybek metro station'),
    CENTRE,
    41.2958,
    69.2797,
  ),
  tashkent(
    'bunyodkor-avenue',
    'street',
    t('проспект Бунёдкор', "Bunyodkor shoh ko'chasi", 'Bunyodkor Avenue'),
    CHILONZOR,
    41.2828,
    69.2139,
  ),
];

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZApplicantBirthDate,
  ZContentParams,
  ZNewsEventListQuery,
  ZNewsEventListResponse,
  ZPage,
  ZPageParams,
  ZPhone,
  ZRecipeListResponse,
  ZStockListQuery,
  ZStockListResponse,
  ZVacancyApplicationParams,
  ZVacancyApplicationRequest,
  ZVacancyApplicationResponse,
  ZVacancyListQuery,
  ZVacancyListResponse,
} from './content.ts';
import {
  changed,
  controlCharacterViolations,
  expectAccepted,
  expectRefused,
  omissionsAccepted,
  type Path,
  wrongTypesAccepted,
} from './test-cases.ts';

const text = (en: string) => ({ ru: `${en} (ru)`, uz: `${en} (uz)`, en });
const image = (path: string) => ({
  alt: text('A picture'),
  width: 640,
  height: 360,
  url: `/images/r1/${path}-640.webp`,
  sources: [
    { width: 640, url: `/images/r1/${path}-640.webp` },
    { width: 1280, url: `/images/r1/${path}-1280.webp` },
  ],
});

/** GET /v1/news-events?limit=1 (the demo content; long texts shortened). */
const NEWS = {
  count: 8,
  news_events: [
    {
      id: 'debb09c2-d3fd-5e58-aefa-520ba7850356',
      slug: 'lavash-lab-in-every-branch',
      type: 'news',
      title: text('Lavash Lab is now in every Baraka restaurant'),
      preview: text('Lavash Lab wraps can now be ordered in any Baraka restaurant.'),
      body: text('A Lavash Lab wrap used to mean a trip.\n\n## Since November\n\n- one order\n- one courier'),
      image: image('news/lavash-lab-in-every-branch--stuffed-flatbread--fbeede'),
      published_at: '2026-11-12T06:30:00.000Z',
    },
  ],
};

/** GET /v1/stocks?limit=1. */
const STOCKS = {
  count: 5,
  stocks: [
    {
      id: 'a8c567fa-ea42-588a-af4b-07884efb6b2d',
      slug: 'combo-of-the-week',
      title: text('Combo of the week'),
      description: text(
        'Every Monday the chef puts together a new combo.\n\n## Conditions\n\n- while stocks last',
      ),
      image: image('stocks/combo-of-the-week--fork-and-knife-with-plate--eef3e6'),
      starts_at: '2026-09-06T19:00:00.000Z',
      ends_at: '2026-12-27T18:59:59.000Z',
      promo_code: 'COMBO49',
    },
  ],
};

/** GET /v1/vacancies?limit=1. */
const VACANCIES = {
  count: 5,
  vacancies: [
    {
      id: 'bd5e6631-864d-5629-8829-f20a9bb2ab93',
      slug: 'cook-national-cuisine-tashkent',
      title: text('Cook, Uzbek cuisine'),
      description: text('We are looking for a cook.\n\n## Duties\n\n- cooking plov'),
      city: 'tashkent',
      schedule: text('Shifts, 2 days on / 2 days off, 08:00 to 20:00'),
      salary_from: 6000000,
      salary_to: 9000000,
      is_active: true,
    },
  ],
};

/** GET /v2/recipes?limit=1. */
const RECIPES = {
  count: 5,
  recipes: [
    {
      id: '9e5ac7b0-2922-55b8-8f92-e37df1ddd586',
      slug: 'tashkent-plov',
      title: text('Tashkent plov'),
      description: text('The heart of our kitchen.'),
      image: image('recipes/tashkent-plov--pot-of-food--fbeedd'),
      cooking_time: 150,
      servings: 8,
      ingredients: [text('Devzira rice — 1 kg')],
      steps: [text('Rinse the rice in several changes of water.')],
    },
  ],
};

/** GET /v1/pages/about. */
const PAGE = {
  slug: 'about',
  title: text('About us'),
  body: text('Baraka is a family chain.\n\n## Our story\n\n- 2012: the first restaurant'),
  updated_at: '2026-11-25T22:36:15.159Z',
};

const APPLICATION = {
  full_name: 'Дилноза Каримова',
  phone: '998901234567',
  birth_date: '2000-05-01',
  message: 'Работала поваром два года.\nМогу выходить в ночные смены.',
};

const responses: [string, z.ZodType, unknown][] = [
  ['news', ZNewsEventListResponse, NEWS],
  ['stocks', ZStockListResponse, STOCKS],
  ['vacancies', ZVacancyListResponse, VACANCIES],
  ['recipes', ZRecipeListResponse, RECIPES],
  ['a formal page', ZPage, PAGE],
  ['an application received', ZVacancyApplicationResponse, { id: 'bd5e6631-864d-5629-8829-f20a9bb2ab93' }],
];

describe('content contracts accept what the API answers and the storefront sends', () => {
  it.each<[string, z.ZodType, unknown]>([
    ...responses,
    ['a gallery item', ZNewsEventListResponse, changed(NEWS, ['news_events', 0, 'type'], 'gallery')],
    [
      'a stock without an end or a code',
      ZStockListResponse,
      changed(changed(STOCKS, ['stocks', 0, 'ends_at'], null), ['stocks', 0, 'promo_code'], null),
    ],
    [
      'a vacancy without a salary',
      ZVacancyListResponse,
      changed(changed(VACANCIES, ['vacancies', 0, 'salary_from'], null), ['vacancies', 0, 'salary_to'], null),
    ],
    [
      'an application with only a name and a phone',
      ZVacancyApplicationRequest,
      { full_name: 'Aziz', phone: '998901234567' },
    ],
    [
      'an application with a birth date and a message on several lines',
      ZVacancyApplicationRequest,
      APPLICATION,
    ],
    ['news of a page', ZNewsEventListQuery, { page: '2', limit: '12', type: 'gallery' }],
    ['the vacancies of a city', ZVacancyListQuery, { city: 'tashkent' }],
    ['an item by slug', ZContentParams, { id: 'combo-of-the-week' }],
    ['an item by id', ZContentParams, { id: 'a8c567fa-ea42-588a-af4b-07884efb6b2d' }],
    ['a formal page by slug', ZPageParams, { slug: 'return-product-rules' }],
    ['a vacancy to apply to', ZVacancyApplicationParams, { id: 'bd5e6631-864d-5629-8829-f20a9bb2ab93' }],
  ])('%s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });

  it('lists news (not the gallery) unless asked, and only current stocks unless asked for the ended ones', () => {
    expect(ZNewsEventListQuery.parse({})).toEqual({ page: 1, limit: 20, type: 'news' });
    expect(ZStockListQuery.parse({}).include_ended).toBe(false);
    expect(ZStockListQuery.parse({ include_ended: 'true' }).include_ended).toBe(true);
    expect(ZStockListQuery.parse({ include_ended: '0' }).include_ended).toBe(false);
  });

  it('trims the applicant’s name and message', () => {
    expect(
      ZVacancyApplicationRequest.parse({ ...APPLICATION, full_name: '  Aziz  ', message: ' ok \n' }),
    ).toMatchObject({
      full_name: 'Aziz',
      message: 'ok',
    });
  });
});

describe('content contracts refuse what the API must not take or answer', () => {
  it.each(responses)('%s: no field may be left out or take another type', (_name, schema, sample) => {
    expect(omissionsAccepted(schema, sample)).toEqual([]);
    expect(wrongTypesAccepted(schema, sample)).toEqual([]);
  });

  it.each<[string, z.ZodType, unknown, Path, unknown]>([
    ['a news item of an unknown type', ZNewsEventListResponse, NEWS, ['news_events', 0, 'type'], 'blog'],
    [
      'a publication date without a time',
      ZNewsEventListResponse,
      NEWS,
      ['news_events', 0, 'published_at'],
      '2026-11-12',
    ],
    ['a picture without files', ZNewsEventListResponse, NEWS, ['news_events', 0, 'image', 'sources'], []],
    ['a negative salary', ZVacancyListResponse, VACANCIES, ['vacancies', 0, 'salary_from'], -1],
    [
      'a salary in tiyin fractions',
      ZVacancyListResponse,
      VACANCIES,
      ['vacancies', 0, 'salary_to'],
      9000000.5,
    ],
    ['a recipe cooked in no time', ZRecipeListResponse, RECIPES, ['recipes', 0, 'cooking_time'], 0],
    ['a recipe for no one', ZRecipeListResponse, RECIPES, ['recipes', 0, 'servings'], 0],
    ['a formal page the storefront has no route for', ZPage, PAGE, ['slug'], 'privacy'],
  ])('refuses %s', (_name, schema, sample, path, value) => {
    expectRefused(schema, changed(sample, path, value), path);
  });

  it.each<[string, z.ZodType, unknown, Path]>([
    ['news of an unknown type', ZNewsEventListQuery, { type: 'blog' }, ['type']],
    [
      'stocks with include_ended other than a yes or a no',
      ZStockListQuery,
      { include_ended: 'maybe' },
      ['include_ended'],
    ],
    ['vacancies of a city that is not a slug', ZVacancyListQuery, { city: 'Tashkent City' }, ['city']],
    ['a formal page slug with a slash', ZPageParams, { slug: 'about/../x' }, ['slug']],
    ['an item path with a space', ZContentParams, { id: 'combo of the week' }, ['id']],
    ['an application to a vacancy that is not an id', ZVacancyApplicationParams, { id: 'cook' }, ['id']],
    ['a name of one letter', ZVacancyApplicationRequest, { ...APPLICATION, full_name: ' A ' }, ['full_name']],
    [
      'a name over 120 characters',
      ZVacancyApplicationRequest,
      { ...APPLICATION, full_name: 'a'.repeat(121) },
      ['full_name'],
    ],
    [
      'a message over 2000 characters',
      ZVacancyApplicationRequest,
      { ...APPLICATION, message: 'a'.repeat(2001) },
      ['message'],
    ],
    ['an application without a phone', ZVacancyApplicationRequest, { full_name: 'Aziz' }, ['phone']],
    [
      'a phone of another country',
      ZVacancyApplicationRequest,
      { ...APPLICATION, phone: '79121234567' },
      ['phone'],
    ],
    [
      'a birth date that does not exist',
      ZVacancyApplicationRequest,
      { ...APPLICATION, birth_date: '2000-02-30' },
      ['birth_date'],
    ],
  ])('refuses %s', (_name, schema, value, path) => {
    expectRefused(schema, value, path);
  });

  it('the application takes no control characters; only its message may hold line breaks', () => {
    expect(controlCharacterViolations(ZVacancyApplicationRequest, APPLICATION, ['message'])).toEqual([]);
  });

  it.each(['998901234567', '998000000000'])('a phone is 998 and 9 digits: %s', (phone) => {
    expectAccepted(ZPhone, phone);
  });

  it.each(['+998901234567', '998 90 123 45 67', '99890123456'])('refuses the phone %j', (phone) => {
    expectRefused(ZPhone, phone);
  });
});

// The age rule (16 to 100 years, on the Tashkent calendar) is the domain's (applicant.ts), which the
// vacancy route and form add to this field; the contract itself holds the format.
describe("the applicant's birth date format", () => {
  it.each(['2010-03-02', '1926-03-03'])('accepts %j', (date) => {
    expect(ZApplicantBirthDate.safeParse(date).success).toBe(true);
  });
  it.each(['2010-13-01', '2010-02-30', '02.03.2010', '2010-3-2', ''])('refuses %j', (date) => {
    expect(ZApplicantBirthDate.safeParse(date).success).toBe(false);
  });
});

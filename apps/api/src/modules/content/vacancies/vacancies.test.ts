import { ZApiError, ZVacancy, ZVacancyApplicationResponse, ZVacancyListResponse } from '@app/contracts';
import { MIN_APPLICANT_AGE, tashkentParts } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vacancyApplications } from '../../../db/schema/content.ts';
import { DEMO_SHIPPER_ID } from '../../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../../test/app.ts';
import { insertVacancy } from '../content.fixtures.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ seed: { content: false } });
  const fixtures = [
    { slug: 'courier-tashkent', city: 'tashkent', isActive: true, position: 2 },
    { slug: 'closed-cashier-tashkent', city: 'tashkent', isActive: false, position: 0 },
    { slug: 'cook-tashkent', city: 'tashkent', isActive: true, position: 1 },
    { slug: 'waiter-samarkand', city: 'samarkand', isActive: true, position: 3 },
  ];
  for (const f of fixtures) ids[f.slug] = await insertVacancy(t.db.db, DEMO_SHIPPER_ID, f);
});

afterAll(async () => {
  await t?.close();
});

const slugsOf = (body: { vacancies: { slug: string }[] }) => body.vacancies.map((v) => v.slug);

describe('GET /v1/vacancies', () => {
  it('lists active vacancies only, in the chain’s order', async () => {
    const res = await t.get('/v1/vacancies');
    expect(res.statusCode).toBe(200);
    const body = ZVacancyListResponse.parse(res.json());
    expect(body.count).toBe(3);
    expect(slugsOf(body)).toEqual(['cook-tashkent', 'courier-tashkent', 'waiter-samarkand']);
    expect(body.vacancies.every((v) => v.is_active)).toBe(true);
    expect(body.vacancies[0]).toMatchObject({
      city: 'tashkent',
      salary_from: 4_000_000,
      salary_to: 6_000_000,
    });
  });

  it('filters by city', async () => {
    const tashkent = await t.get('/v1/vacancies?city=tashkent');
    expect(slugsOf(tashkent.json())).toEqual(['cook-tashkent', 'courier-tashkent']);
    expect(tashkent.json().count).toBe(2);
    const samarkand = await t.get('/v1/vacancies?city=samarkand');
    expect(slugsOf(samarkand.json())).toEqual(['waiter-samarkand']);
    const nowhere = await t.get('/v1/vacancies?city=khiva');
    expect(nowhere.json()).toEqual({ count: 0, vacancies: [] });
  });

  it('pages through the list', async () => {
    const res = await t.get('/v1/vacancies?limit=2&page=2');
    expect(slugsOf(res.json())).toEqual(['waiter-samarkand']);
    expect(res.json().count).toBe(3);
  });

  it.each([
    ['?city=Tash%20kent', 'city'],
    ['?limit=101', 'limit'],
    ['?page=0', 'page'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await t.get(`/v1/vacancies${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
  });

  it('answers 400 without the Platform header', async () => {
    const res = await t.get('/v1/vacancies', { platform: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'Platform', message: 'is required' }]);
  });
});

describe('GET /v1/vacancies/:id', () => {
  it('finds a vacancy by id and by slug', async () => {
    const byId = await t.get(`/v1/vacancies/${ids['cook-tashkent']}`);
    expect(byId.statusCode).toBe(200);
    expect(ZVacancy.parse(byId.json()).slug).toBe('cook-tashkent');
    const bySlug = await t.get('/v1/vacancies/waiter-samarkand');
    expect(bySlug.json().id).toBe(ids['waiter-samarkand']);
  });

  it('shows a closed vacancy as closed instead of hiding it', async () => {
    const res = await t.get('/v1/vacancies/closed-cashier-tashkent');
    expect(res.statusCode).toBe(200);
    expect(res.json().is_active).toBe(false);
  });

  it('answers 404 for an unknown vacancy and 400 for a malformed id', async () => {
    const unknown = await t.get('/v1/vacancies/no-such-vacancy');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('VACANCY_NOT_FOUND');
    const bad = await t.get(`/v1/vacancies/${encodeURIComponent('ü')}`);
    expect(bad.statusCode).toBe(400);
  });
});

/** The calendar date in Tashkent `years` years and `days` days before today. */
function tashkentDate(years: number, days = 0): string {
  const today = tashkentParts(new Date());
  return new Date(Date.UTC(today.year - years, today.month - 1, today.day - days)).toISOString().slice(0, 10);
}

describe('POST /v1/vacancies/:id/applications', () => {
  const apply = (
    vacancyId: string | undefined,
    payload: unknown,
    headers: Record<string, string> = CLIENT_HEADERS,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/vacancies/${vacancyId}/applications`,
      headers,
      payload: payload as object,
    });
  const applicationsOf = (vacancyId: string) =>
    t.db.db.select().from(vacancyApplications).where(eq(vacancyApplications.vacancyId, vacancyId));

  it('stores a valid application and answers 201 with its id', async () => {
    const vacancyId = ids['cook-tashkent'] ?? '';
    const res = await apply(vacancyId, {
      full_name: '  Dilshod Karimov  ',
      phone: '998901234567',
      birth_date: '1998-04-12',
      message: 'Five years in a plov centre.',
    });
    expect(res.statusCode).toBe(201);
    const { id } = ZVacancyApplicationResponse.parse(res.json());
    const rows = await applicationsOf(vacancyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      shipperId: DEMO_SHIPPER_ID,
      vacancyId,
      fullName: 'Dilshod Karimov',
      phone: '998901234567',
      birthDate: '1998-04-12',
      message: 'Five years in a plov centre.',
    });
  });

  it('stores the optional fields as empty when they are left out or blank', async () => {
    const vacancyId = ids['waiter-samarkand'] ?? '';
    const res = await apply(vacancyId, {
      full_name: 'Aziza Rahimova',
      phone: '998935551122',
      message: '   ',
    });
    expect(res.statusCode).toBe(201);
    const rows = await applicationsOf(vacancyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.json().id, birthDate: null, message: null });
  });

  it('takes one application per phone and vacancy: the second answers 409 and stores nothing', async () => {
    const vacancyId = ids['courier-tashkent'] ?? '';
    const first = await apply(vacancyId, { full_name: 'Bekzod Aliev', phone: '998977770011' });
    expect(first.statusCode).toBe(201);
    const again = await apply(vacancyId, {
      full_name: 'Bekzod A.',
      phone: '998977770011',
      message: 'Me again',
    });
    expect(again.statusCode).toBe(409);
    const error = ZApiError.parse(again.json());
    expect(error.code).toBe('ALREADY_APPLIED');
    expect(error.message).toBe('Отклик с этого номера на эту вакансию уже отправлен');
    const inUzbek = await apply(
      vacancyId,
      { full_name: 'Bekzod A.', phone: '998977770011' },
      { ...CLIENT_HEADERS, 'accept-language': 'uz' },
    );
    expect(ZApiError.parse(inUzbek.json())).toMatchObject({
      code: 'ALREADY_APPLIED',
      message: 'Bu raqamdan ushbu vakansiyaga ariza allaqachon yuborilgan',
    });
    expect(await applicationsOf(vacancyId)).toHaveLength(1);
    // The same person may still apply for another vacancy.
    const other = await apply(ids['cook-tashkent'], { full_name: 'Bekzod Aliev', phone: '998977770011' });
    expect(other.statusCode).toBe(201);
  });

  it('answers 409 for two identical applications sent at the same time, storing one', async () => {
    const vacancyId = ids['waiter-samarkand'] ?? '';
    const payload = { full_name: 'Jasur Tursunov', phone: '998900000777' };
    const answers = await Promise.all([apply(vacancyId, payload), apply(vacancyId, payload)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = (await applicationsOf(vacancyId)).filter((r) => r.phone === '998900000777');
    expect(rows).toHaveLength(1);
  });

  it('refuses a closed vacancy with 409 and an unknown one with 404', async () => {
    const closedId = ids['closed-cashier-tashkent'] ?? '';
    const closed = await apply(closedId, { full_name: 'Malika Yusupova', phone: '998901112233' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('VACANCY_CLOSED');
    expect(await applicationsOf(closedId)).toHaveLength(0);
    const unknown = await apply('5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c', {
      full_name: 'Malika Yusupova',
      phone: '998901112233',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('VACANCY_NOT_FOUND');
  });

  it('needs the vacancy id (not a slug) in the path', async () => {
    const res = await apply('cook-tashkent', { full_name: 'Malika Yusupova', phone: '998901112233' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'id', message: 'must be a uuid' }]);
  });

  it('answers 400 without the client headers', async () => {
    const res = await apply(
      ids['cook-tashkent'],
      { full_name: 'Malika Yusupova', phone: '998901112233' },
      {},
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MISSING_HEADER');
  });

  const valid = { full_name: 'Sardor Nazarov', phone: '998991234567' };
  it.each([
    ['a missing name', { phone: valid.phone }, 'full_name', /required/],
    ['a one-letter name', { ...valid, full_name: ' S ' }, 'full_name', /at least 2/],
    ['a name too long', { ...valid, full_name: 'x'.repeat(121) }, 'full_name', /at most 120/],
    ['a missing phone', { full_name: valid.full_name }, 'phone', /required/],
    ['a phone with a plus', { ...valid, phone: '+998991234567' }, 'phone', /998 followed by 9 digits/],
    ['a phone too short', { ...valid, phone: '99899123456' }, 'phone', /998 followed by 9 digits/],
    ['a phone of another country', { ...valid, phone: '79991234567' }, 'phone', /998 followed by 9 digits/],
    ['a phone as a number', { ...valid, phone: 998991234567 }, 'phone', /string/],
    ['a date that does not exist', { ...valid, birth_date: '2001-02-30' }, 'birth_date', /date/],
    ['a date in another format', { ...valid, birth_date: '12.04.1998' }, 'birth_date', /date/],
    ['a birth date in the future', { ...valid, birth_date: tashkentDate(-1) }, 'birth_date', /in the past/],
    [
      'an applicant one day short of the minimum age',
      { ...valid, birth_date: tashkentDate(MIN_APPLICANT_AGE, -1) },
      'birth_date',
      /at least 16 years/,
    ],
    ['an implausible birth date', { ...valid, birth_date: '1890-01-01' }, 'birth_date', /last 100 years/],
    ['a message over 2000 characters', { ...valid, message: 'a'.repeat(2001) }, 'message', /at most 2000/],
  ])('answers 400 naming the field for %s', async (_label, payload, field, message) => {
    const vacancyId = ids['cook-tashkent'] ?? '';
    const before = (await applicationsOf(vacancyId)).length;
    const res = await apply(vacancyId, payload);
    expect(res.statusCode).toBe(400);
    const error = ZApiError.parse(res.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields?.map((f) => f.field)).toEqual([field]);
    expect(error.fields?.[0]?.message).toMatch(message);
    expect(error.message).toContain(field);
    expect(await applicationsOf(vacancyId)).toHaveLength(before);
  });

  it('names every bad field at once', async () => {
    const res = await apply(ids['cook-tashkent'], { full_name: '', phone: '123', birth_date: 'soon' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['birth_date', 'full_name', 'phone']);
  });

  it('accepts an applicant who turns the minimum age today and a message of exactly 2000 characters', async () => {
    const res = await apply(ids['cook-tashkent'], {
      full_name: 'Nodira Saidova',
      phone: '998946667788',
      birth_date: tashkentDate(MIN_APPLICANT_AGE),
      message: 'm'.repeat(2000),
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/vacancies/${ids['cook-tashkent']}/applications`,
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
      payload: '{"full_name":',
    });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).statusCode).toBe(400);
  });
});

import type { TLocale } from '@app/contracts';
import { localize, ruPlural } from './messages.ts';

/** Turns a zod issue (as fastify-type-provider-zod hands it over) into a sentence a person can act on. */
type IssueParams = {
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  expected?: string;
  format?: string;
  values?: unknown[];
  keys?: string[];
};

export type ValidationIssue = { instancePath: string; keyword: string; message?: string; params?: unknown };

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
};

export const contextName = (context: string | undefined) => CONTEXT_NAMES[context ?? ''] ?? 'request';

/** '/fields/1' → 'fields[1]'; '/address/street' → 'address.street'. */
export function fieldName(instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  let name = '';
  for (const part of parts) name += /^\d+$/.test(part) ? `[${part}]` : name ? `.${part}` : part;
  return name;
}

type Unit = 'characters' | 'items' | '';
const unitOf = (origin: string | undefined): Unit =>
  origin === 'string' ? 'characters' : origin === 'array' || origin === 'set' ? 'items' : '';

/** What is wrong with one field, before it is put into words in a language. */
type Problem =
  | { kind: 'max' | 'min'; limit: string; unit: Unit }
  | { kind: 'empty' | 'required' | 'int' | 'uuid' | 'step' | 'invalid' }
  | { kind: 'type'; expected: string }
  | { kind: 'format'; format: string }
  | { kind: 'oneOf' | 'unknownKeys'; list: string }
  /** A sentence written in the contracts ('must be a slug'): English, translated where known. */
  | { kind: 'own'; text: string };

function problemOf(issue: ValidationIssue): Problem {
  const p = (issue.params ?? {}) as IssueParams;
  const own = issue.message ?? '';
  // Messages written in the contracts ('must be a slug') are already meant for people.
  if (own && !/^(Invalid|Too (big|small)|Unrecognized)/.test(own)) return { kind: 'own', text: own };
  switch (issue.keyword) {
    case 'too_big':
      return { kind: 'max', limit: String(p.maximum), unit: unitOf(p.origin) };
    case 'too_small':
      if (p.origin === 'string' && Number(p.minimum) === 1) return { kind: 'empty' };
      return { kind: 'min', limit: String(p.minimum), unit: unitOf(p.origin) };
    case 'invalid_type':
      if (own.includes('received undefined')) return { kind: 'required' };
      if (p.expected === 'int') return { kind: 'int' };
      return { kind: 'type', expected: p.expected ?? 'value' };
    case 'invalid_format':
      if (p.format === 'uuid' || p.format === 'guid') return { kind: 'uuid' };
      return { kind: 'format', format: p.format ?? 'value' };
    case 'invalid_value':
      return { kind: 'oneOf', list: (p.values ?? []).map(String).join(', ') };
    case 'unrecognized_keys':
      return { kind: 'unknownKeys', list: (p.keys ?? []).join(', ') };
    case 'not_multiple_of':
      return { kind: 'step' };
    default:
      return own ? { kind: 'own', text: own } : { kind: 'invalid' };
  }
}

const RU_UNITS = {
  characters: ['символа', 'символов', 'символов'],
  items: ['элемента', 'элементов', 'элементов'],
} as const;

/** "не длиннее 2000 символов": after не больше/не меньше Russian takes the genitive (1 символа). */
function ruLimit(limit: string, unit: Unit): string {
  if (!unit) return limit;
  const n = Number(limit);
  return Number.isFinite(n) ? ruPlural(n, RU_UNITS[unit]) : `${limit} ${RU_UNITS[unit][2]}`;
}

/** Russian and Uzbek for the sentences the contracts write (see packages/contracts); unknown ones stay English. */
const OWN_TEXTS: { pattern: RegExp; ru: (n: number) => string; uz: (n: number) => string }[] = [
  {
    pattern: /^must be an id or a slug$/,
    ru: () => 'должно быть id или slug',
    uz: () => "id yoki slug bo'lishi kerak",
  },
  { pattern: /^must be a slug$/, ru: () => 'должно быть slug', uz: () => "slug bo'lishi kerak" },
  {
    pattern: /^must be HH:mm$/,
    ru: () => 'должно быть в формате ЧЧ:мм',
    uz: () => "SS:dd formatida bo'lishi kerak",
  },
  {
    pattern: /^must be 998 followed by 9 digits$/,
    ru: () => 'должен быть 998 и ещё 9 цифр',
    uz: () => "998 va yana 9 ta raqamdan iborat bo'lishi kerak",
  },
  {
    pattern: /^must be (\d+) digits$/,
    ru: (n) => `должен состоять из ${ruPlural(n, ['цифры', 'цифр', 'цифр'])}`,
    uz: (n) => `${n} ta raqamdan iborat bo'lishi kerak`,
  },
  {
    pattern: /^must be a date in the past$/,
    ru: () => 'должна быть прошедшая дата',
    uz: () => "o'tgan sana bo'lishi kerak",
  },
  {
    pattern: /^applicants must be at least (\d+) years old$/,
    ru: (n) => `соискателю должно быть не меньше ${ruPlural(n, ['года', 'лет', 'лет'])}`,
    uz: (n) => `nomzod kamida ${n} yoshda bo'lishi kerak`,
  },
  {
    pattern: /^must be within the last (\d+) years$/,
    ru: (n) => `должна быть не раньше чем ${ruPlural(n, ['год', 'года', 'лет'])} назад`,
    uz: (n) => `so'nggi ${n} yil ichida bo'lishi kerak`,
  },
  {
    pattern: /^must be one line of text without control characters$/,
    ru: () => 'должно быть одной строкой текста без управляющих символов',
    uz: () => "boshqaruv belgilarisiz bir qatorli matn bo'lishi kerak",
  },
  {
    pattern: /^must be text without control characters$/,
    ru: () => 'не должно содержать управляющих символов',
    uz: () => "boshqaruv belgilari bo'lmasligi kerak",
  },
  {
    pattern: /^menu_id or branch_id is required$/,
    ru: () => 'нужен menu_id или branch_id',
    uz: () => 'menu_id yoki branch_id kerak',
  },
];

function ownText(text: string, locale: TLocale): string {
  if (locale === 'en') return text;
  for (const entry of OWN_TEXTS) {
    const match = entry.pattern.exec(text);
    if (match) return entry[locale](Number(match[1]));
  }
  return text;
}

const EN_UNITS: Record<Unit, string> = { characters: ' characters', items: ' items', '': '' };

const PHRASES: Record<TLocale, (problem: Problem) => string> = {
  en: (p) => {
    switch (p.kind) {
      case 'max':
        return `must be at most ${p.limit}${EN_UNITS[p.unit]}`;
      case 'min':
        return `must be at least ${p.limit}${EN_UNITS[p.unit]}`;
      case 'empty':
        return 'must not be empty';
      case 'required':
        return 'is required';
      case 'int':
        return 'must be a whole number';
      case 'type':
        return `must be ${p.expected === 'array' || p.expected === 'object' ? 'an' : 'a'} ${p.expected}`;
      case 'uuid':
        return 'must be a uuid';
      case 'format':
        return `must be a valid ${p.format}`;
      case 'oneOf':
        return `must be one of: ${p.list}`;
      case 'unknownKeys':
        return `has unknown keys: ${p.list}`;
      case 'step':
        return 'has the wrong step';
      case 'invalid':
        return 'is invalid';
      case 'own':
        return p.text;
    }
  },
  ru: (p) => {
    switch (p.kind) {
      case 'max':
        return p.unit === 'characters'
          ? `не длиннее ${ruLimit(p.limit, p.unit)}`
          : `не больше ${ruLimit(p.limit, p.unit)}`;
      case 'min':
        return p.unit === 'characters'
          ? `не короче ${ruLimit(p.limit, p.unit)}`
          : `не меньше ${ruLimit(p.limit, p.unit)}`;
      case 'empty':
        return 'не может быть пустым';
      case 'required':
        return 'обязательное поле';
      case 'int':
        return 'должно быть целым числом';
      case 'type':
        return `неверный тип (ожидается ${p.expected})`;
      case 'uuid':
        return 'должно быть uuid';
      case 'format':
        return `неверный формат (${p.format})`;
      case 'oneOf':
        return `допустимые значения: ${p.list}`;
      case 'unknownKeys':
        return `лишние ключи: ${p.list}`;
      case 'step':
        return 'неверный шаг';
      case 'invalid':
        return 'неверное значение';
      case 'own':
        return ownText(p.text, 'ru');
    }
  },
  uz: (p) => {
    const unit =
      p.kind === 'max' || p.kind === 'min'
        ? { characters: ' ta belgi', items: ' ta element', '': '' }[p.unit]
        : '';
    switch (p.kind) {
      case 'max':
        return `ko'pi bilan ${p.limit}${unit}`;
      case 'min':
        return `kamida ${p.limit}${unit}`;
      case 'empty':
        return "bo'sh bo'lmasligi kerak";
      case 'required':
        return 'majburiy maydon';
      case 'int':
        return "butun son bo'lishi kerak";
      case 'type':
        return `noto'g'ri tur (${p.expected} kutilgan)`;
      case 'uuid':
        return "uuid bo'lishi kerak";
      case 'format':
        return `noto'g'ri format (${p.format})`;
      case 'oneOf':
        return `ruxsat etilgan qiymatlar: ${p.list}`;
      case 'unknownKeys':
        return `noma'lum kalitlar: ${p.list}`;
      case 'step':
        return "noto'g'ri qadam";
      case 'invalid':
        return "noto'g'ri qiymat";
      case 'own':
        return ownText(p.text, 'uz');
    }
  },
};

/**
 * The 400 of a request that breaks its schema. `fields[].message` stays English, like `code`: it is
 * for the program and the developer; `message` is the sentence a person reads, in `locale`.
 */
export function describeIssues(
  context: string | undefined,
  issues: ValidationIssue[],
  locale: TLocale = 'en',
) {
  const named = issues.map((issue) => ({
    field: fieldName(issue.instancePath) || contextName(context),
    problem: problemOf(issue),
  }));
  const fields = named.map(({ field, problem }) => ({ field, message: PHRASES.en(problem) }));
  const separator = locale === 'en' ? ' ' : ' — ';
  const details = named
    .map(({ field, problem }) => `${field}${separator}${PHRASES[locale](problem)}`)
    .join('; ');
  return {
    message: localize('VALIDATION_ERROR', locale, { context: contextName(context), details }),
    fields,
  };
}

import { formatSum, type MoneyLocale } from '@app/domain';

/** One key of an audited record that a staff action changed, added or removed. */
export type TAuditChange = {
  key: string;
  kind: 'added' | 'removed' | 'changed';
  before: string | null;
  after: string | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the log shows it: text as it is, anything else as compact JSON. */
export function auditValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/** An instant as the API stores it ('2026-12-06T07:40:00.000Z'). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A key holding a sum ('price', 'out_price', 'variants.price'). */
const SUM_KEY = /(^|[._])price$/;
/** A key holding minutes: a branch's delivery or cooking time ('delivery_time', 'cooking_time'). */
const MINUTES_KEY = /(^|\.)(delivery|cooking)_time$/;

/**
 * `auditValue` in a manager's own terms: an instant (a pause's end) as the day and time in the
 * chain's zone, a sum in sums ('32 000 сум'), a delivery or cooking time in minutes ('45 мин'),
 * other numbers with the locale's digits; the rest as `auditValue` writes it.
 */
export function localAuditValue(
  locale: MoneyLocale,
  timeZone: string,
): (value: unknown, key: string) => string {
  const instants = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone,
  });
  const numbers = new Intl.NumberFormat(locale);
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  return (value, key) => {
    if (typeof value === 'string' && INSTANT.test(value)) {
      const at = new Date(value);
      if (!Number.isNaN(at.getTime())) return instants.format(at);
    }
    if (typeof value === 'number' && Number.isSafeInteger(value) && SUM_KEY.test(key)) {
      return formatSum(value, locale);
    }
    if (typeof value === 'number' && MINUTES_KEY.test(key)) return minutes.format(value);
    if (typeof value === 'number') return numbers.format(value);
    return auditValue(value);
  };
}

/** Nested objects become dotted keys ('name.ru'), so a change inside one shows as that key alone. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isRecord(value)) {
    if (value !== null && value !== undefined) out.set(prefix || 'value', value);
    return out;
  }
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(inner) && Object.keys(inner).length > 0) {
      for (const [k, v] of flatten(inner, path)) out.set(k, v);
    } else {
      out.set(path, inner);
    }
  }
  return out;
}

/**
 * What an audit entry changed, as a readable diff of keys: each key whose value differs between
 * `before` and `after` (null or missing on one side: added or removed), in the order the keys appear.
 * Keys with the same value on both sides are left out. `show` writes the values (`auditValue` by
 * default; `localAuditValue` for the screen).
 */
export function auditDiff(
  before: unknown,
  after: unknown,
  show: (value: unknown, key: string) => string = auditValue,
): TAuditChange[] {
  const was = flatten(before);
  const now = flatten(after);
  const keys = [...new Set([...was.keys(), ...now.keys()])];
  const changes: TAuditChange[] = [];
  for (const key of keys) {
    const hadKey = was.has(key) && was.get(key) !== null && was.get(key) !== undefined;
    const hasKey = now.has(key) && now.get(key) !== null && now.get(key) !== undefined;
    const a = hadKey ? show(was.get(key), key) : null;
    const b = hasKey ? show(now.get(key), key) : null;
    if (a === b) continue;
    changes.push({
      key,
      kind: a === null ? 'added' : b === null ? 'removed' : 'changed',
      before: a,
      after: b,
    });
  }
  return changes;
}

import { formatSum } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { auditDiff, auditValue, localAuditValue } from './audit-diff';

describe('the audit log diff', () => {
  it('lists only the keys whose value changed', () => {
    expect(
      auditDiff(
        { work_hour_start: '10:00', work_hour_end: '23:00', slug: 'chilonzor' },
        { work_hour_start: '09:00', work_hour_end: '23:00', slug: 'chilonzor' },
      ),
    ).toEqual([{ key: 'work_hour_start', kind: 'changed', before: '10:00', after: '09:00' }]);
  });

  it('marks keys added and removed, and a record created or deleted', () => {
    expect(auditDiff({ a: 1, b: 'x' }, { b: 'x', c: true })).toEqual([
      { key: 'a', kind: 'removed', before: '1', after: null },
      { key: 'c', kind: 'added', before: null, after: 'true' },
    ]);
    expect(auditDiff(null, { stopped: true })).toEqual([
      { key: 'stopped', kind: 'added', before: null, after: 'true' },
    ]);
    expect(auditDiff({ price: 32000 }, null)).toEqual([
      { key: 'price', kind: 'removed', before: '32000', after: null },
    ]);
  });

  it('names a change inside a nested object by its dotted key', () => {
    expect(auditDiff({ name: { ru: 'Плов', en: 'Plov' } }, { name: { ru: 'Плов', en: 'Pilaf' } })).toEqual([
      { key: 'name.en', kind: 'changed', before: 'Plov', after: 'Pilaf' },
    ]);
  });

  it('reads a null value as no value, and compares arrays whole', () => {
    expect(auditDiff({ paused_until: null }, { paused_until: '2026-11-28T07:40:00.000Z' })).toEqual([
      { key: 'paused_until', kind: 'added', before: null, after: '2026-11-28T07:40:00.000Z' },
    ]);
    expect(auditDiff({ ids: [1, 2] }, { ids: [1, 2] })).toEqual([]);
    expect(auditDiff({ ids: [1, 2] }, { ids: [2] })).toEqual([
      { key: 'ids', kind: 'changed', before: '[1,2]', after: '[2]' },
    ]);
  });

  it('shows a bare value under "value"', () => {
    expect(auditDiff(false, true)).toEqual([
      { key: 'value', kind: 'changed', before: 'false', after: 'true' },
    ]);
    expect(auditValue('text')).toBe('text');
    expect(auditValue({ a: 1 })).toBe('{"a":1}');
  });

  it("writes the values in the manager's terms: a pause's end in Tashkent time, sums and numbers", () => {
    const ru = localAuditValue('ru', 'Asia/Tashkent');
    expect(auditDiff({ paused_until: null }, { paused_until: '2026-12-06T07:40:00.000Z' }, ru)).toEqual([
      { key: 'paused_until', kind: 'added', before: null, after: '06.12.2026, 12:40' },
    ]);
    expect(auditDiff({ price: 30_000 }, { price: 32_000 }, ru)).toEqual([
      { key: 'price', kind: 'changed', before: formatSum(30_000, 'ru'), after: formatSum(32_000, 'ru') },
    ]);
    const en = localAuditValue('en', 'Asia/Tashkent');
    expect(en(1250, 'seats')).toBe('1,250');
    expect(en(32_000, 'variants.out_price')).toBe(formatSum(32_000, 'en'));
    expect(en('2026-12-06T07:40:00.000Z', 'delivery_paused_until')).toBe('12/6/26, 12:40');
    // A delivery or cooking time in minutes; days ahead (future_delivery_order_time) stay a number.
    expect(en(45, 'delivery_time')).toBe('45 min');
    expect(en(20, 'cooking_time')).toBe('20 min');
    expect(en(3, 'future_delivery_order_time')).toBe('3');
    expect(
      auditDiff({ delivery_time: 40, cooking_time: 20 }, { delivery_time: 55, cooking_time: 20 }, ru),
    ).toEqual([{ key: 'delivery_time', kind: 'changed', before: '40 мин', after: '55 мин' }]);
    expect(localAuditValue('uz', 'Asia/Tashkent')(25, 'cooking_time')).toMatch(/^25\s?daq/);
    // Text, booleans and what only looks like a date stay as they were.
    expect(en('chilonzor', 'slug')).toBe('chilonzor');
    expect(en(true, 'stopped')).toBe('true');
    expect(en('2026-12-06', 'date')).toBe('2026-12-06');
  });
});

import { describe, expect, it } from 'vitest';
import { chainTotals, formatMinutes } from './figures';

const branch = (orders: number, revenue: number, cancelled: number) => ({
  branch_id: '00000000-0000-4000-8000-000000000001',
  name: { ru: 'Чиланзар', uz: 'Chilonzor', en: 'Chilonzor' },
  orders,
  revenue,
  cancelled,
  avg_minutes: { to_accept: null, cooking: null, to_hand_over: null },
});

describe("today's figures", () => {
  it('show average minutes to one decimal, none as null', () => {
    expect(formatMinutes(12.345, 'en')).toBe('12.3');
    expect(formatMinutes(7, 'ru')).toBe('7');
    expect(formatMinutes(2.25, 'ru')).toBe('2,3');
    expect(formatMinutes(null, 'en')).toBeNull();
  });

  it('add the branches up for the chain', () => {
    expect(chainTotals([branch(3, 96000, 1), branch(2, 40000, 0)])).toEqual({
      orders: 5,
      revenue: 136000,
      cancelled: 1,
    });
    expect(chainTotals([])).toEqual({ orders: 0, revenue: 0, cancelled: 0 });
  });
});

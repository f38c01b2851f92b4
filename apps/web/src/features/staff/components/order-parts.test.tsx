// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { minutesLate } from '../lib/queue';
import { renderStaffScreen, staffOrder } from './operator.fixtures';
import { LateMark } from './order-parts';

describe('LateMark', () => {
  it('says at least 1 minute in the first minute past due, never "by 0"', () => {
    // Placed 45 minutes and 20 seconds ago against 45 target minutes: late, 0 whole minutes past.
    const now = Date.now();
    const order = staffOrder(1, 45 + 1 / 3, { target_minutes: 45 });
    expect(minutesLate(order, now)).toBe(0);
    renderStaffScreen(<LateMark minutes={minutesLate(order, now)} />);
    expect(screen.getByText(/Опаздывает/)).toHaveTextContent('Опаздывает на 1 мин');
  });

  it('says the whole minutes past due after that', () => {
    renderStaffScreen(<LateMark minutes={12} />);
    expect(screen.getByText(/Опаздывает/)).toHaveTextContent('Опаздывает на 12 мин');
  });
});

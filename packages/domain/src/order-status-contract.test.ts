import { ORDER_EVENT_VALUES, ORDER_STATUS_VALUES, STAFF_ROLES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ACTORS, ORDER_EVENTS, ORDER_STATUSES } from './order-status.ts';

/**
 * The API's contracts list the statuses and events too (they validate requests and answers without
 * importing the state machine); the two lists must never drift apart.
 */
describe('order statuses and events agree with the contracts', () => {
  it('has the same statuses', () => {
    expect([...ORDER_STATUSES].sort()).toEqual([...ORDER_STATUS_VALUES].sort());
  });
  it('has the same events', () => {
    expect([...ORDER_EVENTS].sort()).toEqual([...ORDER_EVENT_VALUES].sort());
  });
  it('staff roles are the actors other than the server', () => {
    expect([...STAFF_ROLES].sort()).toEqual(ACTORS.filter((a) => a !== 'server').sort());
  });
});

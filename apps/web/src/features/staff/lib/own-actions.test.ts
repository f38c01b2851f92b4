import { afterEach, describe, expect, it } from 'vitest';
import { forgetOwnAction, forgetOwnActions, isOwnAction, markOwnAction, OWN_ACTION_MS } from './own-actions';

const ORDER = '00000000-0000-4000-8000-000000000001';

describe('the order events this tab sent', () => {
  afterEach(() => forgetOwnActions());

  it('are known by order and event, whatever the id’s case, for OWN_ACTION_MS', () => {
    markOwnAction(ORDER, 'vendor-cancelled', 1_000);
    expect(isOwnAction(ORDER.toUpperCase(), 'vendor-cancelled', 1_000)).toBe(true);
    expect(isOwnAction(ORDER, 'vendor-cancelled', 1_000 + OWN_ACTION_MS - 1)).toBe(true);
    expect(isOwnAction(ORDER, 'vendor-cancelled', 1_000 + OWN_ACTION_MS)).toBe(false);
    expect(isOwnAction(ORDER, 'operator-cancelled', 1_000)).toBe(false);
    expect(isOwnAction('00000000-0000-4000-8000-000000000002', 'vendor-cancelled', 1_000)).toBe(false);
  });

  it('are forgotten at sign-out', () => {
    markOwnAction(ORDER, 'vendor-ready');
    forgetOwnActions();
    expect(isOwnAction(ORDER, 'vendor-ready')).toBe(false);
  });

  it('forgets one that the API refused, and only that one', () => {
    markOwnAction(ORDER, 'vendor-cancelled');
    markOwnAction(ORDER, 'vendor-ready');
    forgetOwnAction(ORDER.toUpperCase(), 'vendor-cancelled');
    expect(isOwnAction(ORDER, 'vendor-cancelled')).toBe(false);
    expect(isOwnAction(ORDER, 'vendor-ready')).toBe(true);
  });
});

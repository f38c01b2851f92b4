import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('accepts the API ids and refuses anything else', () => {
    expect(isUuid('5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60')).toBe(true);
    expect(isUuid('5F1C2A9E-6B7D-4C3E-8A1F-0D2B3C4E5F60')).toBe(true);
    expect(isUuid('5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f6')).toBe(false);
    expect(isUuid(' 5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60')).toBe(false);
    expect(isUuid('1 OR 1')).toBe(false);
  });
});

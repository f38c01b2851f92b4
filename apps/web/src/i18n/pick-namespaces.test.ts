import { describe, expect, it } from 'vitest';
import { loadMessages, pickNamespaces } from './messages';
import { BASE_NAMESPACES, PAGE_NAMESPACES } from './routing';

describe('client messages per page', () => {
  it('hands a page exactly the base namespaces plus its own', async () => {
    const all = await loadMessages('uz');
    expect(Object.keys(all).sort()).toEqual(['about', 'branches', 'common', 'formal', 'location', 'order']);
    const branches = pickNamespaces(all, [...BASE_NAMESPACES, ...PAGE_NAMESPACES.branches]);
    expect(Object.keys(branches)).toEqual(['common', 'location', 'branches']);
    expect(branches.branches).toBe(all.branches);
    expect(Object.keys(pickNamespaces(all, BASE_NAMESPACES))).toEqual(['common', 'location']);
  });
});

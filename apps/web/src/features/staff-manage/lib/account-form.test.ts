import type { TStaffAccount } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  accountCreateBody,
  accountEditForm,
  accountUpdateBody,
  branchRule,
  type TAccountCreateForm,
  ZAccountCreateForm,
  ZAccountEditForm,
  ZPasswordForm,
} from './account-form';

const BRANCH = '00000000-0000-4000-8000-000000000001';
const valid: TAccountCreateForm = {
  login: 'vendor-yunusobod',
  name: ' Dilshod ',
  phone: '+998 90 123 45 67',
  role: 'vendor',
  branch_id: BRANCH,
  password: 'long enough password',
};

const failedFields = (values: unknown) => {
  const result = ZAccountCreateForm.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('the staff account forms', () => {
  it('take a complete new account and send the contract body', () => {
    expect(failedFields(valid)).toEqual([]);
    expect(accountCreateBody(valid)).toEqual({
      login: 'vendor-yunusobod',
      name: 'Dilshod',
      phone: '998901234567',
      role: 'vendor',
      branch_id: BRANCH,
      password: 'long enough password',
    });
  });

  it('need a branch for a vendor only; operators and couriers are sent without one', () => {
    expect(failedFields({ ...valid, branch_id: '' })).toEqual(['branch_id']);
    expect(failedFields({ ...valid, role: 'manager', branch_id: '' })).toEqual([]);
    expect(failedFields({ ...valid, role: 'courier', branch_id: '' })).toEqual([]);
    expect(accountCreateBody({ ...valid, role: 'courier' }).branch_id).toBeNull();
    expect(accountCreateBody({ ...valid, role: 'manager', branch_id: '' }).branch_id).toBeNull();
    expect(accountCreateBody({ ...valid, role: 'manager' }).branch_id).toBe(BRANCH);
    expect([branchRule('vendor'), branchRule('manager'), branchRule('operator')]).toEqual([
      'required',
      'optional',
      'none',
    ]);
  });

  it('refuse a bad login, an empty name, an incomplete phone and a short password', () => {
    expect(failedFields({ ...valid, login: 'ab' })).toEqual(['login']);
    expect(failedFields({ ...valid, login: 'with space' })).toEqual(['login']);
    expect(failedFields({ ...valid, name: '   ' })).toEqual(['name']);
    expect(failedFields({ ...valid, phone: '+998 90 123 45' })).toEqual(['phone']);
    expect(failedFields({ ...valid, password: 'short' })).toEqual(['password']);
    expect(ZPasswordForm.safeParse({ password: 'short' }).success).toBe(false);
    expect(ZPasswordForm.safeParse({ password: '0123456789' }).success).toBe(true);
  });

  it('send only what the edit changed', () => {
    const account: TStaffAccount = {
      id: '00000000-0000-4000-8000-0000000000aa',
      login: 'courier',
      name: 'Akmal',
      role: 'courier',
      branch_id: null,
      phone: '998901112233',
      is_active: true,
      created_at: '2026-11-01T10:00:00.000Z',
    };
    const form = accountEditForm(account);
    expect(form.phone).toBe('+998 90 111 22 33');
    expect(ZAccountEditForm.safeParse(form).success).toBe(true);
    expect(accountUpdateBody(account, form)).toBeNull();
    expect(accountUpdateBody(account, { ...form, role: 'vendor', branch_id: BRANCH })).toEqual({
      role: 'vendor',
      branch_id: BRANCH,
    });
    expect(accountUpdateBody(account, { ...form, name: 'Akmal B.', phone: '+998 93 000 00 00' })).toEqual({
      name: 'Akmal B.',
      phone: '998930000000',
    });
    expect(ZAccountEditForm.safeParse({ ...form, role: 'vendor', branch_id: '' }).success).toBe(false);
  });
});

import {
  type TStaffAccount,
  type TStaffAccountRole,
  ZStaffAccountCreate,
  ZStaffAccountUpdate,
  ZStaffPasswordReset,
} from '@app/contracts';
import { formatPhoneMask, isPhoneValid, toApiPhone } from '@app/domain';
import { z } from 'zod';
import type { TAccountCreateBody, TAccountUpdateBody } from '../api/manage-api';

/** The roles a manager can give, in the order the form lists them. */
export const ACCOUNT_ROLES = [
  'operator',
  'vendor',
  'courier',
  'manager',
] as const satisfies readonly TStaffAccountRole[];

/**
 * Which branch a role has: a vendor (kitchen) needs one, a manager may have one (a branch's manager) or
 * none (the chain's), operators and couriers work for the whole chain and have none.
 */
export function branchRule(role: TStaffAccountRole): 'required' | 'optional' | 'none' {
  if (role === 'vendor') return 'required';
  if (role === 'manager') return 'optional';
  return 'none';
}

/** The fields of the account forms as typed: the phone masked, the branch '' for none. */
const accountFields = z.object({
  login: ZStaffAccountCreate.shape.login,
  name: ZStaffAccountCreate.shape.name,
  phone: z.string().refine(isPhoneValid),
  role: ZStaffAccountCreate.shape.role,
  branch_id: z.string(),
  password: ZStaffPasswordReset.shape.password,
});

const branchRequired = (value: { role: TStaffAccountRole; branch_id: string }, ctx: z.RefinementCtx) => {
  if (branchRule(value.role) === 'required' && !value.branch_id) {
    ctx.addIssue({ code: 'custom', path: ['branch_id'], message: 'branchRequired' });
  }
};

/** The new-account form (react-hook-form's resolver): the contract's rules plus 'a vendor needs a branch'. */
export const ZAccountCreateForm = accountFields.superRefine(branchRequired);
export type TAccountCreateForm = z.input<typeof ZAccountCreateForm>;

/** The edit form: name, phone, role and branch (the login stays; the password has its own dialog). */
export const ZAccountEditForm = accountFields
  .omit({ login: true, password: true })
  .superRefine(branchRequired);
export type TAccountEditForm = z.input<typeof ZAccountEditForm>;

/** The password dialog. */
export const ZPasswordForm = z.object({ password: ZStaffPasswordReset.shape.password });
export type TPasswordForm = z.input<typeof ZPasswordForm>;

export const emptyAccountForm = (): TAccountCreateForm => ({
  login: '',
  name: '',
  phone: '+998',
  role: 'operator',
  branch_id: '',
  password: '',
});

const branchOf = (role: TStaffAccountRole, branchId: string): string | null =>
  branchRule(role) === 'none' ? null : branchId || null;

/** POST /v1/staff/accounts's body from the form; checked with the contract before it is sent. */
export function accountCreateBody(values: TAccountCreateForm): TAccountCreateBody {
  return ZStaffAccountCreate.parse({
    login: values.login,
    name: values.name,
    phone: toApiPhone(values.phone),
    role: values.role,
    branch_id: branchOf(values.role, values.branch_id),
    password: values.password,
  });
}

export const accountEditForm = (account: TStaffAccount): TAccountEditForm => ({
  name: account.name,
  phone: formatPhoneMask(account.phone),
  role: account.role,
  branch_id: account.branch_id ?? '',
});

/** PATCH's body: only what differs from the account, or null when nothing does. */
export function accountUpdateBody(
  account: TStaffAccount,
  values: TAccountEditForm,
): TAccountUpdateBody | null {
  const next = {
    name: values.name.trim(),
    phone: toApiPhone(values.phone),
    role: values.role,
    branch_id: branchOf(values.role, values.branch_id),
  };
  const body: TAccountUpdateBody = {};
  if (next.name !== account.name) body.name = next.name;
  if (next.phone !== account.phone && next.phone !== null) body.phone = next.phone;
  if (next.role !== account.role) body.role = next.role;
  if (next.branch_id !== account.branch_id) body.branch_id = next.branch_id;
  if (Object.keys(body).length === 0) return null;
  return ZStaffAccountUpdate.parse(body);
}

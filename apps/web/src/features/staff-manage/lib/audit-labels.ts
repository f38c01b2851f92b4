/**
 * The audit log's action codes, target types and changed fields (the API's `staff_audit_log`:
 * 'branch.pause', 'menu-product', 'cooking_time'...) as keys of `staff-manage.audit.actions` /
 * `.targets` / `.fields`, so a manager reads 'Пауза филиала', not 'branch.pause'. A code the
 * storefront does not know yet (an API newer than it), or a field it has no name for, has no key and
 * is shown as it is.
 */
const ACTION_KEYS = {
  'order.event': 'orderEvent',
  'stop-list.change': 'stopListChange',
  'menu-price.set': 'menuPriceSet',
  'menu-price.remove': 'menuPriceRemove',
  'branch.pause': 'branchPause',
  'branch.resume': 'branchResume',
  'branch.hours': 'branchHours',
  'branch.times': 'branchTimes',
  'staff.create': 'staffCreate',
  'staff.update': 'staffUpdate',
  'staff.password': 'staffPassword',
  'loyalty.retry': 'loyaltyRetry',
  'loyalty.settle': 'loyaltySettle',
  'loyalty.not-charged': 'loyaltyNotCharged',
} as const;

const TARGET_KEYS = {
  order: 'order',
  product: 'product',
  modifier: 'modifier',
  'menu-product': 'menuProduct',
  branch: 'branch',
  staff: 'staff',
  'loyalty-movement': 'loyaltyMovement',
} as const;

/** The changed fields the log names in words (a before/after key; any other is shown as it is). */
const FIELD_KEYS = {
  delivery_time: 'deliveryTime',
  cooking_time: 'cookingTime',
} as const;

export type TAuditActionKey = (typeof ACTION_KEYS)[keyof typeof ACTION_KEYS];
export type TAuditTargetKey = (typeof TARGET_KEYS)[keyof typeof TARGET_KEYS];
export type TAuditFieldKey = (typeof FIELD_KEYS)[keyof typeof FIELD_KEYS];

export const auditActionKey = (action: string): TAuditActionKey | null =>
  Object.hasOwn(ACTION_KEYS, action) ? ACTION_KEYS[action as keyof typeof ACTION_KEYS] : null;

export const auditTargetKey = (targetType: string): TAuditTargetKey | null =>
  Object.hasOwn(TARGET_KEYS, targetType) ? TARGET_KEYS[targetType as keyof typeof TARGET_KEYS] : null;

/** A changed field's key in the messages: 'cooking_time' -> 'cookingTime'; null for one not named. */
export const auditFieldKey = (field: string): TAuditFieldKey | null =>
  Object.hasOwn(FIELD_KEYS, field) ? FIELD_KEYS[field as keyof typeof FIELD_KEYS] : null;

/** Every action, target and field the log can name, for the message catalogue's test. */
export const AUDIT_ACTION_KEYS: readonly TAuditActionKey[] = Object.values(ACTION_KEYS);
export const AUDIT_TARGET_KEYS: readonly TAuditTargetKey[] = Object.values(TARGET_KEYS);
export const AUDIT_FIELD_KEYS: readonly TAuditFieldKey[] = Object.values(FIELD_KEYS);

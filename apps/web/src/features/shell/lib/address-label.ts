import { truncateAddress } from '@app/domain';

/** What the address button shows: the pickup restaurant, the delivery address, or nothing chosen yet. */
export type TAddressChoice =
  | { kind: 'pickup'; branch: string | null }
  | { kind: 'delivery'; address: string | null };

export function addressChoice(state: {
  deliveryType: 'delivery' | 'self-pickup';
  branchName: string | null;
  activeAddress: string | null;
}): TAddressChoice {
  return state.deliveryType === 'self-pickup'
    ? { kind: 'pickup', branch: state.branchName }
    : { kind: 'delivery', address: state.activeAddress };
}

/** The button's texts in the page's language. */
export type TAddressButtonTexts = {
  /** 'Choose delivery address'. */
  delivery: string;
  /** 'Choose a restaurant for self-pickup'. */
  pickup: string;
  /** 'Choose delivery address: {address}'. */
  deliveryNamed: (address: string) => string;
  /** 'Self-pickup from {branch}. Choose another'. */
  pickupNamed: (branch: string) => string;
};

/**
 * The button's visible text and its accessible name. The name says the mode and the choice (a
 * pickup restaurant is never announced as a delivery address); the visible text shows the choice,
 * cut by the spec's address rule (`truncateAddress`: 40 characters and '…') where it must be short.
 */
export function addressButtonTexts(
  choice: TAddressChoice,
  texts: TAddressButtonTexts,
  options: { truncate: boolean },
): { text: string; label: string } {
  const cut = (text: string) => (options.truncate ? truncateAddress(text) : text);
  if (choice.kind === 'pickup') {
    return choice.branch
      ? { text: cut(choice.branch), label: texts.pickupNamed(choice.branch) }
      : { text: texts.pickup, label: texts.pickup };
  }
  return choice.address
    ? { text: cut(choice.address), label: texts.deliveryNamed(choice.address) }
    : { text: texts.delivery, label: texts.delivery };
}

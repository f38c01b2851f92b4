import { ADDRESS_MAX_CHARS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { addressButtonTexts, addressChoice, type TAddressButtonTexts } from './address-label';

const texts: TAddressButtonTexts = {
  delivery: 'Choose delivery address',
  pickup: 'Choose a restaurant for self-pickup',
  deliveryNamed: (address) => `Choose delivery address: ${address}`,
  pickupNamed: (branch) => `Self-pickup from ${branch}. Choose another`,
};

const LONG = 'Toshkent shahri, Chilonzor tumani, Bunyodkor ko‘chasi, 12-uy';

describe('the address button', () => {
  it('in pickup mode names the pickup restaurant, never a delivery address', () => {
    const choice = addressChoice({
      deliveryType: 'self-pickup',
      branchName: 'Chilonzor',
      activeAddress: 'Centre street 1',
    });
    expect(addressButtonTexts(choice, texts, { truncate: false })).toEqual({
      text: 'Chilonzor',
      label: 'Self-pickup from Chilonzor. Choose another',
    });
  });

  it('in pickup mode without a restaurant asks for one', () => {
    const choice = addressChoice({
      deliveryType: 'self-pickup',
      branchName: null,
      activeAddress: 'Centre 1',
    });
    expect(addressButtonTexts(choice, texts, { truncate: false })).toEqual({
      text: texts.pickup,
      label: texts.pickup,
    });
  });

  it('for delivery names the active address, or asks for one', () => {
    const named = addressChoice({
      deliveryType: 'delivery',
      branchName: 'Chilonzor',
      activeAddress: 'Centre 1',
    });
    expect(addressButtonTexts(named, texts, { truncate: false })).toEqual({
      text: 'Centre 1',
      label: 'Choose delivery address: Centre 1',
    });
    const none = addressChoice({ deliveryType: 'delivery', branchName: 'Chilonzor', activeAddress: null });
    expect(addressButtonTexts(none, texts, { truncate: false }).label).toBe(texts.delivery);
  });

  it('cuts the shown address at exactly 40 characters plus an ellipsis on the mobile bar; the name stays whole', () => {
    // A cut that trimmed the space at the 40th character would show 39 (spec section 5 says 40).
    const address = `${'a'.repeat(39)} ${LONG}`;
    const choice = addressChoice({ deliveryType: 'delivery', branchName: null, activeAddress: address });
    const { text, label } = addressButtonTexts(choice, texts, { truncate: true });
    expect(text).toBe(`${address.slice(0, ADDRESS_MAX_CHARS)}…`);
    expect(Array.from(text)).toHaveLength(ADDRESS_MAX_CHARS + 1);
    expect(label).toBe(`Choose delivery address: ${address}`);
    expect(addressButtonTexts(choice, texts, { truncate: false }).text).toBe(address);
  });
});

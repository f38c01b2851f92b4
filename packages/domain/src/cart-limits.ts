/**
 * The most units one cart line can hold: what an order takes of one product (the order contract's
 * `quantity` max). A module of its own so the menu page's first load, which says so on 'Add', does
 * not bring the cart's rules with it (they load with the cart store).
 */
export const CART_LINE_QUANTITY_MAX = 99;

/** No dialog unless a route intercepts into the slot (the product dialog from the menu). */
export default function ModalDefault() {
  return null;
}

/**
 * A soft navigation away from an intercepted dialog keeps the slot's last content unless some route
 * matches here; this one closes the dialog on every other page.
 */
export default function ModalCatchAll() {
  return null;
}

/** Tokens already confirmed with the API in this tab, so a client-side navigation does not ask again. */
const checked = new Set<string>();

export const isSessionChecked = (token: string): boolean => checked.has(token);

/** Sign-in stores a token the API has just issued: no need to ask about it again. */
export function markSessionChecked(token: string): void {
  checked.add(token);
}

export function forgetSessionCheck(token: string): void {
  checked.delete(token);
}

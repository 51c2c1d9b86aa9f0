/** An address shown on the account pages without giving it away to whoever looks at the screen. */
export function maskAddress(address: string | null): string {
  if (!address) return '—';
  const at = address.indexOf('@');
  if (at > 0) {
    const name = address.slice(0, at);
    return `${name.slice(0, Math.min(2, name.length - 1) || 1)}***${address.slice(at)}`;
  }
  return address.length > 7 ? `${address.slice(0, 3)}****${address.slice(-4)}` : `${address.slice(0, 1)}****`;
}

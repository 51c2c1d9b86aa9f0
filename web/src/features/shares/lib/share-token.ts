/**
 * A share link's token, kept for this tab only (sessionStorage), per share: a reload does not ask for the
 * password again, a new tab or a closed browser does. Where storage is refused, it lives in memory.
 */
const memory = new Map<string, string>();
const key = (shareId: string) => `apiloom.share.${shareId}`;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function storedShareToken(shareId: string): string | undefined {
  try {
    return storage()?.getItem(key(shareId)) ?? memory.get(shareId);
  } catch {
    return memory.get(shareId);
  }
}

export function storeShareToken(shareId: string, token: string) {
  memory.set(shareId, token);
  try {
    storage()?.setItem(key(shareId), token);
  } catch {
    // Memory holds it for this page.
  }
}

export function forgetShareToken(shareId: string) {
  memory.delete(shareId);
  try {
    storage()?.removeItem(key(shareId));
  } catch {
    // Nothing stored.
  }
}

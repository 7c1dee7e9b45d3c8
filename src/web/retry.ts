/**
 * When a phone sends its photo again after a busy server (503) or a lost connection: never before the server's
 * Retry-After (its estimate of when there is room for this phone), and later each time (0.5, 1, 2, 4, 8, then
 * every 15 s), with a random quarter more so that phones refused together do not come back together.
 */
export function retryDelayMs(attempt: number, retryAfter: number | undefined, random = Math.random()): number {
  const backoff = Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
  const base = Math.max(backoff, (retryAfter ?? 0) * 1000);
  return Math.round(base * (1 + 0.25 * random));
}

/** How long a phone keeps trying before it asks the player (the photo stays ready to send again). */
export const GIVE_UP_MS = 10 * 60_000;

/** A new key for one photo (see uploadPhoto). */
export function uploadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

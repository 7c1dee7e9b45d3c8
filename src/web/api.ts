/** Calls to the server: JSON in and out; failures carry the server's one-line message. */
import { retryAfterSeconds } from './retry.js';

export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's body when it was JSON (a 503 tells how many photos are ahead), and its Retry-After, seconds. */
    readonly body?: unknown,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

async function failure(res: Response): Promise<ApiFailure> {
  let msg = `The server answered ${res.status}`;
  try {
    const body = (await res.json()) as { error?: string };
    if (body?.error) msg = body.error;
  } catch {
    /* not JSON */
  }
  return new ApiFailure(msg, res.status);
}

export async function getJson<T>(path: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch {
    throw new ApiFailure('Cannot reach the server: check that this phone is on the same Wi-Fi as the host', 0);
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

export async function sendJson<T>(method: string, path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new ApiFailure('Cannot reach the server: check that this phone is on the same Wi-Fi as the host', 0);
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/**
 * Sends a photo (or a PDF) as the request body (no form encoding), reporting upload progress from 0 to 1. `key`
 * names a photo: sent again after a lost answer, the server answers for the first upload instead of making a
 * second. The server tells the file's type from its bytes; the Content-Type is only a hint.
 */
export function uploadPhoto<T>(path: string, blob: Blob, key: string | undefined, onProgress: (sent: number) => void, onSent: () => void, headers: Record<string, string> = {}): Promise<T> {
  const what = blob.type === 'application/pdf' ? 'PDF' : 'photo';
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Content-Type', blob.type && /^(image\/|application\/pdf$)/.test(blob.type) ? blob.type : 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    if (key) xhr.setRequestHeader('Idempotency-Key', key);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onSent();
    xhr.onload = () => {
      let body: { error?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as T);
      else reject(new ApiFailure(body?.error ?? `The server answered ${xhr.status}`, xhr.status, body, retryAfterSeconds(xhr.getResponseHeader('Retry-After'))));
    };
    xhr.onerror = () => reject(new ApiFailure(`The ${what} could not be sent: check the Wi-Fi and try again`, 0));
    xhr.ontimeout = () => reject(new ApiFailure(`Sending the ${what} took too long: try again`, 0));
    xhr.timeout = what === 'PDF' ? 900_000 : 180_000;
    xhr.send(blob);
  });
}

/**
 * The file's SHA-256 in hex, as the server gives it for a kept file; null where the browser cannot work it out.
 * What tells the same file chosen again from another, before it is sent a second time.
 */
export async function digestOf(file: Blob): Promise<string | null> {
  try {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
    return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

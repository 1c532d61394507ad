/**
 * Payload encryption shared by the browser and the server (WebCrypto only). Not re-exported from
 * contract/index.ts: the web app loads it lazily, on its first encrypted call.
 */
export * from './base64.ts';
export * from './payload.ts';

/**
 * Lighthouse's mobile throttling, applied through the Chromium DevTools protocol (docs/decisions/0051):
 * 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower. The browser benches that measure what a
 * phone feels (bench/journey.ts, bench/typing.ts) use it, so they throttle alike.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export const RTT_MS = 150;
export const DOWN_BYTES_PER_S = (1.6 * 1024 * 1024) / 8;
export const UP_BYTES_PER_S = (750 * 1024) / 8;
export const CPU_SLOWDOWN = 4;
/** The viewport of Lighthouse's mobile preset (a Moto G Power). */
export const MOBILE_VIEWPORT = { width: 412, height: 823 } as const;

/** Throttles `page`'s network and CPU as a mid-range phone; the session stays open for more listeners. */
export async function throttleLikeAPhone(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: RTT_MS,
    downloadThroughput: DOWN_BYTES_PER_S,
    uploadThroughput: UP_BYTES_PER_S,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

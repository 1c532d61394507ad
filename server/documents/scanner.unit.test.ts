import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { scannerFromConfig, scanningLine } from './scanner.ts';

describe('what the start banner says about virus scanning', () => {
  it('says plainly that scanning is off in the embedded default, and what happens to files', () => {
    const scanner = scannerFromConfig(loadConfig({}));
    expect(scanner).toBeNull();
    expect(scanningLine(scanner, false)).toMatch(/^Virus scanning: OFF.*kept marked not scanned$/);
    expect(scanningLine(scanner, true)).toMatch(/^Virus scanning: OFF.*uploads are refused$/);
  });

  it('names the daemon when one is configured, by socket or by host and port', () => {
    expect(scanningLine(scannerFromConfig(loadConfig({ CLAMD_SOCKET: '/run/clamav/clamd.ctl' })), true)).toBe(
      'Virus scanning: clamd at /run/clamav/clamd.ctl',
    );
    expect(scanningLine(scannerFromConfig(loadConfig({ CLAMD_HOST: 'scanner.internal' })), true)).toBe(
      'Virus scanning: clamd at scanner.internal:3310',
    );
  });
});

describe('what the start banner says of files kept before a scanner was configured', () => {
  const scanner = scannerFromConfig(loadConfig({ CLAMD_SOCKET: '/run/clamav/clamd.ctl' }));

  it('says how many wait for a scan, and nothing when none do', () => {
    expect(scanningLine(scanner, false, 0)).toBe('Virus scanning: clamd at /run/clamav/clamd.ctl');
    expect(scanningLine(scanner, false, 1)).toBe(
      'Virus scanning: clamd at /run/clamav/clamd.ctl, 1 file kept before it was configured waits for a scan (in the background)',
    );
    expect(scanningLine(scanner, true, 12)).toBe(
      'Virus scanning: clamd at /run/clamav/clamd.ctl, 12 files kept before it was configured wait for a scan (in the background)',
    );
  });
});

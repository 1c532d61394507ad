import { describe, expect, inject, it } from 'vitest';
import { EICAR } from '../test/clamd.ts';
import { ScannerUnavailableError, clamdScanner } from './scanner.ts';

const socket = inject('clamdSocket');

describe.skipIf(!socket)('the clamd client against a real clamd', () => {
  const scanner = clamdScanner({ socket }, 5_000);

  it('answers PING', async () => {
    expect(await scanner.ping()).toBe(true);
  });

  it('finds the EICAR test file and passes a clean one, however large', async () => {
    expect(await scanner.scan(EICAR)).toEqual({ clean: false, signature: 'Eicar-Test-Signature.UNOFFICIAL' });
    expect(await scanner.scan(Buffer.from('an ordinary letter'))).toEqual({ clean: true });
    // Several INSTREAM chunks (64 KiB each).
    expect(await scanner.scan(Buffer.alloc(300 * 1024, 0x41))).toEqual({ clean: true });
  });
});

describe('a scanner that cannot be reached', () => {
  it('is unavailable, never clean', async () => {
    const down = clamdScanner({ socket: '/nonexistent/clamd.sock' }, 1_000);
    expect(await down.ping()).toBe(false);
    await expect(down.scan(Buffer.from('x'))).rejects.toBeInstanceOf(ScannerUnavailableError);
  });
});

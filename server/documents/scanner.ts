import { connect, type Socket } from 'node:net';

/**
 * A ClamAV daemon (clamd) reached over its socket, spoken to in its INSTREAM protocol. Written here rather
 * than taken from the clamscan package: the protocol is three messages, and that package's socket mode
 * comes with binary look-ups, temporary files and configuration we would have to switch off
 * (docs/decisions/0037-documents-in-the-database.md).
 */
export type ScanVerdict = { clean: true } | { clean: false; signature: string };

export interface Scanner {
  /** Where it is, for the start banner and logs. */
  readonly describe: string;
  scan(content: Uint8Array): Promise<ScanVerdict>;
  ping(): Promise<boolean>;
}

/** The scanner could not give a verdict (down, timed out, refused): the file is neither clean nor infected. */
export class ScannerUnavailableError extends Error {}

export type ClamdAddress = { socket: string } | { host: string; port: number };

const CHUNK = 64 * 1024;

export function clamdScanner(address: ClamdAddress, timeoutMs = 30_000): Scanner {
  const describe = 'socket' in address ? `clamd at ${address.socket}` : `clamd at ${address.host}:${address.port}`;

  /** Sends one command (null-terminated, 'z' form) and reads the daemon's one null-terminated answer. */
  function exchange(write: (socket: Socket) => void): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = 'socket' in address ? connect(address.socket) : connect(address.port, address.host);
      const chunks: Buffer[] = [];
      let settled = false;
      const finish = (error: Error | null, answer?: string) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        if (error) reject(new ScannerUnavailableError(`${describe}: ${error.message}`));
        else resolve(answer!);
      };
      socket.setTimeout(timeoutMs, () => finish(new Error('timed out')));
      socket.on('error', (error) => finish(error));
      socket.on('data', (data) => {
        chunks.push(data);
        const all = Buffer.concat(chunks);
        const end = all.indexOf(0);
        if (end >= 0) finish(null, all.subarray(0, end).toString('utf8'));
      });
      socket.on('end', () => finish(new Error('closed without an answer')));
      socket.on('connect', () => write(socket));
    });
  }

  return {
    describe,
    async ping() {
      try {
        return (await exchange((s) => s.write('zPING\0'))) === 'PONG';
      } catch {
        return false;
      }
    },
    async scan(content) {
      const answer = await exchange((socket) => {
        socket.write('zINSTREAM\0');
        for (let offset = 0; offset < content.length; offset += CHUNK) {
          const part = content.subarray(offset, offset + CHUNK);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(part.length);
          socket.write(length);
          socket.write(part);
        }
        socket.write(Buffer.alloc(4));
      });
      // "stream: OK", "stream: <signature> FOUND", or "<reason> ERROR".
      if (answer.endsWith(' OK')) return { clean: true };
      const found = /^stream: (.+) FOUND$/.exec(answer);
      if (found) return { clean: false, signature: found[1]! };
      throw new ScannerUnavailableError(`${describe}: ${answer}`);
    },
  };
}

/** The configured scanner, or null when none is (CLAMD_SOCKET, or CLAMD_HOST with CLAMD_PORT). */
export function scannerFromConfig(config: {
  CLAMD_SOCKET?: string | undefined;
  CLAMD_HOST?: string | undefined;
  CLAMD_PORT: number;
  CLAMD_TIMEOUT_MS: number;
}): Scanner | null {
  if (config.CLAMD_SOCKET) return clamdScanner({ socket: config.CLAMD_SOCKET }, config.CLAMD_TIMEOUT_MS);
  if (config.CLAMD_HOST)
    return clamdScanner({ host: config.CLAMD_HOST, port: config.CLAMD_PORT }, config.CLAMD_TIMEOUT_MS);
  return null;
}

/**
 * One line for the start banner: what happens to uploaded files, and with a scanner, how many files kept
 * before it was configured still wait for it (docs/decisions/0067).
 */
export function scanningLine(scanner: Scanner | null, production: boolean, waiting = 0): string {
  if (scanner)
    return waiting > 0
      ? `Virus scanning: ${scanner.describe}, ${waiting} ${waiting === 1 ? 'file' : 'files'} kept before it was configured ${waiting === 1 ? 'waits' : 'wait'} for a scan (in the background)`
      : `Virus scanning: ${scanner.describe}`;
  return production
    ? 'Virus scanning: OFF, no scanner configured (CLAMD_SOCKET or CLAMD_HOST): uploads are refused'
    : 'Virus scanning: OFF, no scanner configured (CLAMD_SOCKET or CLAMD_HOST): uploaded files are kept marked not scanned';
}

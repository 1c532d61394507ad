/**
 * The server's log as a person reads it in a terminal: one line per entry (time, level, message, then the
 * other fields as name=value), an error's stack below it. Only where stdout is a terminal: anywhere else
 * (a service manager, a container, a file) the log stays pino's JSON, one object a line, for machines.
 * A few lines of our own rather than pino-pretty: pino's options take a stream, and this needs no
 * transport thread and no dependency (docs/decisions/0047-one-plain-server.md).
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every entry has, or that the line already shows. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

function flatten(prefix: string, value: unknown, out: string[]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, inner, out);
  } else {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    out.push(`${prefix}=${/\s/.test(text) ? JSON.stringify(text) : text}`);
  }
}

/** One JSON log line as a readable line (and its stack); a line that is not JSON is kept as it is. */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString().slice(11, 23);
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const fields: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN.has(key)) continue;
    if (key === 'err' && value && typeof value === 'object' && 'stack' in value) {
      const { stack: trace, ...rest } = value as { stack: unknown };
      stack = `\n  ${String(trace).split('\n').join('\n  ')}`;
      flatten('err', rest, fields);
    } else flatten(key, value, fields);
  }
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  return `${time} ${level} ${message}${fields.length ? `  ${fields.join(' ')}` : ''}${stack}\n`;
}

/** A destination for pino (Fastify's logger.stream) that writes readable lines to `out`. */
export function readableLogStream(out: { write(text: string): unknown }): { write(line: string): void } {
  return { write: (line) => void out.write(readableLine(line.trimEnd())) };
}

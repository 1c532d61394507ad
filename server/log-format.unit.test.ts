import { describe, expect, it } from 'vitest';
import { readableLine, readableLogStream } from './log-format.ts';

describe('the log in a terminal', () => {
  it('writes time, level, message and the other fields as name=value, one line an entry', () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.parse('2030-01-01T09:08:07.006Z'),
      pid: 1,
      hostname: 'h',
      reqId: 'r1',
      res: { statusCode: 200 },
      responseTime: 4.5,
      msg: 'request completed',
    });
    expect(readableLine(json)).toBe(
      '09:08:07.006 INFO  request completed  reqId=r1 res.statusCode=200 responseTime=4.5\n',
    );
  });

  it("puts an error's stack under its line, and keeps a line that is not JSON", () => {
    const json = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'boom',
      err: { type: 'Error', stack: 'Error: x\n    at y' },
    });
    expect(readableLine(json)).toBe('00:00:00.000 ERROR boom  err.type=Error\n  Error: x\n      at y\n');
    expect(readableLine('plain text')).toBe('plain text\n');
  });

  it('is what pino writes to when given the stream', () => {
    const written: string[] = [];
    readableLogStream({ write: (t: string) => written.push(t) }).write('{"level":40,"time":0,"msg":"careful"}\n');
    expect(written).toEqual(['00:00:00.000 WARN  careful\n']);
  });
});

import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { isWholeJpeg, isWholePng } from './image-check.ts';
import { judgeType } from './judge.ts';

/** A 1 × 1 PNG, as an image editor writes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A 2 × 2 baseline JPEG (jpeg-js, quality 50). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AMWvLPvD/9k=',
  'base64',
);

/** A PNG chunk with its length and checksum, as an encoder writes one. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, sum]);
}

describe('a PNG goes on as one to its end', () => {
  it('takes a whole picture, and one with bytes after its end', async () => {
    expect(await isWholePng(PNG)).toBe(true);
    expect(await isWholePng(Buffer.concat([PNG, Buffer.from('trailing')]))).toBe(true);
  });

  it('refuses the signature and a header followed by a program (as a hunt sent one)', async () => {
    const header = PNG.subarray(0, 8 + 25);
    expect(await isWholePng(Buffer.concat([header, Buffer.from('MZ'), Buffer.alloc(96, 0x41)]))).toBe(false);
  });

  it('refuses a picture cut short, a changed byte, no image data, or no header first', async () => {
    expect(await isWholePng(PNG.subarray(0, PNG.length - 6))).toBe(false);
    const changed = Buffer.from(PNG);
    changed[45] = changed[45]! ^ 0xff;
    expect(await isWholePng(changed)).toBe(false);
    const ihdr = PNG.subarray(8, 8 + 25);
    const end = chunk('IEND', Buffer.alloc(0));
    expect(await isWholePng(Buffer.concat([PNG.subarray(0, 8), ihdr, end]))).toBe(false);
    expect(
      await isWholePng(Buffer.concat([PNG.subarray(0, 8), chunk('tEXt', Buffer.from('a')), PNG.subarray(8)])),
    ).toBe(false);
    const noWidth = Buffer.from(ihdr.subarray(8, 21));
    noWidth.writeUInt32BE(0, 0);
    expect(await isWholePng(Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', noWidth), PNG.subarray(33)]))).toBe(false);
  });

  /** A picture of this header (1 × 1 RGBA unless given) and these bytes of image data, deflated, with right checksums. */
  const picture = (rows: Buffer, header: Buffer = PNG.subarray(16, 29)) =>
    Buffer.concat([
      PNG.subarray(0, 8),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);

  it('refuses image data that is no image, though every checksum is right (as a hunt sent one)', async () => {
    const program = Buffer.from('MZ\x90\x00 #!/bin/sh rm -rf /', 'latin1');
    const header = PNG.subarray(0, 33);
    expect(await isWholePng(Buffer.concat([header, chunk('IDAT', program), chunk('IEND', Buffer.alloc(0))]))).toBe(
      false,
    );
    // A zlib stream of one byte too few, or too many, for the header's one row of one RGBA pixel.
    expect(await isWholePng(picture(Buffer.alloc(5)))).toBe(true);
    expect(await isWholePng(picture(Buffer.alloc(4)))).toBe(false);
    expect(await isWholePng(picture(Buffer.alloc(6)))).toBe(false);
  });

  it('counts an interlaced picture’s rows pass by pass', async () => {
    const header = Buffer.from(PNG.subarray(16, 29));
    header.writeUInt32BE(3, 0);
    header.writeUInt32BE(3, 4);
    header[12] = 1;
    // 3 × 3 RGBA in Adam7's seven passes: 42 bytes of rows, where the same picture not interlaced has 39.
    expect(await isWholePng(picture(Buffer.alloc(42), header))).toBe(true);
    expect(await isWholePng(picture(Buffer.alloc(39), header))).toBe(false);
  });

  it('passes over a damaged ancillary chunk, as libpng does, but not a damaged critical one', async () => {
    const damaged = (type: string) => {
      const c = chunk(type, Buffer.from('Comment\0written by a careless tool', 'latin1'));
      c[c.length - 1] = c[c.length - 1]! ^ 0xff;
      return Buffer.concat([PNG.subarray(0, 33), c, PNG.subarray(33)]);
    };
    expect(await isWholePng(damaged('tEXt'))).toBe(true);
    expect(await isWholePng(damaged('PLTE'))).toBe(false);
  });

  it('refuses a header that claims more pixels than any scan has, before inflating anything', async () => {
    const header = Buffer.from(PNG.subarray(16, 29));
    header.writeUInt32BE(100_000, 0);
    header.writeUInt32BE(100_000, 4);
    expect(await isWholePng(picture(Buffer.alloc(5), header))).toBe(false);
  });
});

describe('a JPEG goes on as one to its end', () => {
  it('takes a whole picture, and one with bytes after its end', () => {
    expect(isWholeJpeg(JPEG)).toBe(true);
    expect(isWholeJpeg(Buffer.concat([JPEG, Buffer.from('trailing')]))).toBe(true);
  });

  it('refuses the start marker followed by anything else, a picture cut short, or no frame', () => {
    expect(isWholeJpeg(Buffer.concat([JPEG.subarray(0, 2), Buffer.from('MZ'), Buffer.alloc(96, 0x41)]))).toBe(false);
    expect(isWholeJpeg(JPEG.subarray(0, JPEG.length - 2))).toBe(false);
    expect(isWholeJpeg(JPEG.subarray(0, 100))).toBe(false);
    // The frame segment (FF C0) renamed to a comment (FF FE): a scan with no frame before it.
    const noFrame = Buffer.from(JPEG);
    noFrame[noFrame.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xfe;
    expect(isWholeJpeg(noFrame)).toBe(false);
  });

  it('refuses a scan with no quantisation table, which no decoder can show (as a hunt sent one)', () => {
    const noTables = Buffer.from(JPEG);
    for (
      let at = noTables.indexOf(Buffer.from([0xff, 0xdb]));
      at >= 0;
      at = noTables.indexOf(Buffer.from([0xff, 0xdb]))
    )
      noTables[at + 1] = 0xfe;
    expect(isWholeJpeg(noTables)).toBe(false);
  });
});

describe('an upload that is no whole picture', () => {
  const limits = { maxBytes: 10_000, maxFiles: 1, types: ['pdf', 'jpg', 'png'] } as const;
  it('is refused as damaged, and a whole one kept as its type', async () => {
    expect(await judgeType(PNG, limits)).toMatchObject({ ok: true, type: 'png' });
    expect(await judgeType(JPEG, limits)).toMatchObject({ ok: true, type: 'jpg' });
    const broken = Buffer.concat([PNG.subarray(0, 33), Buffer.from('MZ'), Buffer.alloc(96, 0x41)]);
    expect(await judgeType(broken, limits)).toMatchObject({ ok: false, message: DOCUMENT_MESSAGES.damagedImage });
    expect(await judgeType(JPEG.subarray(0, 300), limits)).toMatchObject({
      ok: false,
      message: DOCUMENT_MESSAGES.damagedImage,
    });
  });
});

import { crc32, createInflate } from 'node:zlib';

/**
 * Whether a file that starts as a PNG or a JPEG goes on as one to its end: the content sniffer reads only the
 * first bytes, so a PNG signature followed by anything else was kept as a picture that no viewer opens
 * (docs/decisions/0037, amended). These walk the file's structure without keeping its pixels: a decoder
 * would hold a 10 MB photo's pixels in memory (tens of megabytes) for each upload, where a walk is a pass over
 * the bytes (a PNG's image data is inflated as it is counted, and let go). What follows the end of the picture
 * is left alone, as viewers do.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_IMAGE_BYTES = 256 * 1024 * 1024;
/** Samples a pixel has, by PNG colour type: grey, -, RGB, palette, grey and alpha, -, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column and row, then the step between columns and rows. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Chunks from the header to IEND, each whole and with its checksum right (a damaged ancillary chunk is passed
 * over, as libpng does), and image data that inflates to exactly the rows the header's size, depth and colour
 * type make: a program in an IDAT chunk with a right checksum is still no picture.
 */
export async function isWholePng(content: Uint8Array): Promise<boolean> {
  if (!PNG_SIGNATURE.every((byte, i) => content[i] === byte)) return false;
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  let at = PNG_SIGNATURE.length;
  let rowsSize = 0;
  const imageData: Uint8Array[] = [];
  while (at + 12 <= content.length) {
    const length = view.getUint32(at);
    const dataEnd = at + 8 + length;
    if (dataEnd + 4 > content.length) return false;
    const type = String.fromCharCode(...content.subarray(at + 4, at + 8));
    const first = at === PNG_SIGNATURE.length;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    if (crc32(content.subarray(at + 4, dataEnd)) !== view.getUint32(dataEnd)) {
      // A damaged ancillary chunk (its name's first letter in lower case) is passed over, as libpng does.
      if ((content[at + 4]! & 0x20) === 0) return false;
    } else if (first) {
      // A width, a height, and a depth its colour type allows.
      rowsSize = imageRowsSize(content.subarray(at + 8, dataEnd));
      if (rowsSize === 0) return false;
    } else if (type === 'IDAT') imageData.push(content.subarray(at + 8, dataEnd));
    else if (type === 'IEND') return imageData.length > 0 && (await inflatedSize(imageData, rowsSize)) === rowsSize;
    at = dataEnd + 4;
  }
  return false;
}

/** The size of the filtered rows an IHDR describes, interlaced or not; 0 for a header no decoder takes. */
function imageRowsSize(ihdr: Uint8Array): number {
  const view = new DataView(ihdr.buffer, ihdr.byteOffset, ihdr.byteLength);
  const [width, height, depth, colour, interlace] = [
    view.getUint32(0),
    view.getUint32(4),
    ihdr[8]!,
    ihdr[9]!,
    ihdr[12]!,
  ];
  const channels = CHANNELS[colour];
  const depths = colour === 0 ? [1, 2, 4, 8, 16] : colour === 3 ? [1, 2, 4, 8] : [8, 16];
  if (!channels || !depths.includes(depth) || width === 0 || height === 0 || interlace > 1) return 0;
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * channels * depth) / 8)) : 0);
  const size =
    interlace === 0
      ? rows(width, height)
      : ADAM7.reduce((sum, [x, y, dx, dy]) => sum + rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)), 0);
  // Inflating is a pass over every byte: a few kilobytes that claim gigabytes would hold the process for
  // seconds. No scan or photo an applicant sends comes near this (64 megapixels of 8-bit RGBA).
  return size <= MAX_IMAGE_BYTES ? size : 0;
}

/** How many bytes the image data inflates to, stopping past `limit`; -1 when it is no zlib stream. */
function inflatedSize(parts: Uint8Array[], limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('error', () => resolve(-1));
    inflate.on('end', () => resolve(total));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

/** A frame marker (SOF0–SOF15), not the DHT, JPG and DAC markers that share the range. */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * Segments from the start to the first scan, a quantisation table and a frame with a width among them, and the
 * end marker after the scan.
 */
export function isWholeJpeg(content: Uint8Array): boolean {
  if (content[0] !== 0xff || content[1] !== 0xd8) return false;
  let at = 2;
  let frame = false;
  // A quantisation table: no decoder has a default one, so a scan without it decodes to nothing.
  let tables = false;
  while (at + 4 <= content.length) {
    if (content[at] !== 0xff) return false;
    const marker = content[at + 1]!;
    // Fill bytes before a marker, and markers without a segment.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9) return false;
    const length = (content[at + 2]! << 8) | content[at + 3]!;
    const end = at + 2 + length;
    if (length < 2 || end > content.length) return false;
    if (marker === 0xdb) tables = true;
    if (isFrame(marker)) {
      if (length < 8 || ((content[at + 7]! << 8) | content[at + 8]!) === 0) return false;
      frame = true;
    }
    // The scan's coded data runs on to the end marker (or to further scans, then the end marker).
    if (marker === 0xda)
      return frame && tables && Buffer.from(content.buffer, content.byteOffset, content.byteLength).includes(END, end);
    at = end;
  }
  return false;
}

const END = Buffer.from([0xff, 0xd9]);

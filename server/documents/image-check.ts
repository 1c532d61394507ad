import { crc32 } from 'node:zlib';

/**
 * Whether a file that starts as a PNG or a JPEG goes on as one to its end: the content sniffer reads only the
 * first bytes, so a PNG signature followed by anything else was kept as a picture that no viewer opens
 * (docs/decisions/0037, amended). These walk the file's structure without decoding its pixels: a decoder
 * would hold a 10 MB photo's pixels in memory (tens of megabytes) and take a second of CPU for each upload,
 * where a walk is a pass over the bytes. What follows the end of the picture is left alone, as viewers do.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Chunks from the header to IEND, each whole and with its checksum right, at least one of image data. */
export function isWholePng(content: Uint8Array): boolean {
  if (!PNG_SIGNATURE.every((byte, i) => content[i] === byte)) return false;
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  let at = PNG_SIGNATURE.length;
  let imageData = false;
  while (at + 12 <= content.length) {
    const length = view.getUint32(at);
    const dataEnd = at + 8 + length;
    if (dataEnd + 4 > content.length) return false;
    if (crc32(content.subarray(at + 4, dataEnd)) !== view.getUint32(dataEnd)) return false;
    const type = String.fromCharCode(...content.subarray(at + 4, at + 8));
    if (at === PNG_SIGNATURE.length) {
      // The header first, with a width and a height.
      if (type !== 'IHDR' || length !== 13 || view.getUint32(at + 8) === 0 || view.getUint32(at + 12) === 0)
        return false;
    }
    if (type === 'IDAT') imageData = true;
    if (type === 'IEND') return imageData;
    at = dataEnd + 4;
  }
  return false;
}

/** A frame marker (SOF0–SOF15), not the DHT, JPG and DAC markers that share the range. */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** Segments from the start to the first scan, a frame with a width among them, and the end marker after it. */
export function isWholeJpeg(content: Uint8Array): boolean {
  if (content[0] !== 0xff || content[1] !== 0xd8) return false;
  let at = 2;
  let frame = false;
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
    if (isFrame(marker)) {
      if (length < 8 || ((content[at + 7]! << 8) | content[at + 8]!) === 0) return false;
      frame = true;
    }
    // The scan's coded data runs on to the end marker (or to further scans, then the end marker).
    if (marker === 0xda)
      return frame && Buffer.from(content.buffer, content.byteOffset, content.byteLength).includes(END, end);
    at = end;
  }
  return false;
}

const END = Buffer.from([0xff, 0xd9]);

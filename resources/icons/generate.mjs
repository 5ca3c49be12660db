// Draws the iAs icons (a blue disc with a white "i") as PNG files, with no dependencies:
// `node resources/icons/generate.mjs`. The PNGs are committed; run this only to change them.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const ACCENT = [0x3b, 0x5b, 0xdb];
const WHITE = [0xff, 0xff, 0xff];
const BLACK = [0x00, 0x00, 0x00];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGBA pixels (size × size × 4 bytes) as a PNG. */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The shapes, in a unit square: the disc, and the "i" (a dot and a stem with round ends).
const inDisc = (x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.47 ** 2;
const inDot = (x, y) => (x - 0.5) ** 2 + (y - 0.27) ** 2 <= 0.075 ** 2;
function inStem(x, y) {
  const half = 0.062;
  const top = 0.45;
  const bottom = 0.74;
  const cy = Math.min(Math.max(y, top), bottom);
  return (x - 0.5) ** 2 + (y - cy) ** 2 <= half ** 2;
}
const inGlyph = (x, y) => inDot(x, y) || inStem(x, y);

/** Renders with 4×4 supersampling; `style` picks the colour of a sample or null for transparent. */
function render(size, style) {
  const rgba = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const colour = style((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
        rgba[i + 3] = Math.round((255 * a) / (n * n));
      }
    }
  }
  return png(size, rgba);
}

// Colour: a blue disc with a white "i". Template (macOS menu bar): a black disc with the "i" cut out.
const colour = (x, y) => (inDisc(x, y) ? (inGlyph(x, y) ? WHITE : ACCENT) : null);
const template = (x, y) => (inDisc(x, y) && !inGlyph(x, y) ? BLACK : null);

const outputs = {
  'tray.png': render(16, colour),
  'tray@2x.png': render(32, colour),
  'trayTemplate.png': render(16, template),
  'trayTemplate@2x.png': render(32, template),
  'icon.png': render(512, colour),
};
for (const [name, bytes] of Object.entries(outputs)) {
  fs.writeFileSync(path.join(here, name), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}

/**
 * Draws the installable app's icons (issue 34 §3): apps/web/public/icons/app-192.png and app-512.png,
 * a white speech bubble on the brand violet, full-bleed so they also serve as maskable icons (the
 * bubble stays inside the central 80% safe zone). Plain PNG written with node:zlib; run
 * `npx tsx scripts/make-app-icons.ts` after changing the drawing and commit the files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA pixels → PNG (8-bit, colour type 6, filter 0 on every row). */
function encodePng(size: number, pixel: (x: number, y: number) => [number, number, number, number]) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const violet: [number, number, number] = [0x5b, 0x3d, 0xf5];
const white: [number, number, number] = [0xff, 0xff, 0xff];

/** Coverage of the bubble at a point in unit coordinates (0..1), 4×4 supersampled for smooth edges. */
function inBubble(u: number, v: number) {
  // A rounded rectangle body…
  const [left, right, top, bottom, radius] = [0.24, 0.76, 0.27, 0.63, 0.09];
  const cx = Math.min(Math.max(u, left + radius), right - radius);
  const cy = Math.min(Math.max(v, top + radius), bottom - radius);
  if ((u - cx) ** 2 + (v - cy) ** 2 <= radius ** 2) return true;
  // …and a tail at its lower left.
  const [ax, ay, bx, by, tx, ty] = [0.33, 0.6, 0.47, 0.6, 0.3, 0.75];
  const d = (px: number, py: number, qx: number, qy: number) => (u - qx) * (py - qy) - (px - qx) * (v - qy);
  const [d1, d2, d3] = [d(ax, ay, bx, by), d(bx, by, tx, ty), d(tx, ty, ax, ay)];
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

function drawIcon(size: number) {
  return encodePng(size, (x, y) => {
    let hits = 0;
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (inBubble((x + (i + 0.5) / 4) / size, (y + (j + 0.5) / 4) / size)) hits++;
    const a = hits / 16;
    return [0, 1, 2].map((c) => Math.round(violet[c]! * (1 - a) + white[c]! * a)).concat(255) as [number, number, number, number];
  });
}

const dir = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'icons');
for (const size of [192, 512]) writeFileSync(join(dir, `app-${size}.png`), drawIcon(size));
console.log('wrote app-192.png and app-512.png');

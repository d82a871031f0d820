/** A photo for the upload benchmarks. */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A photo-like 4000×3000 JPEG of about 5 MB: gradients with grain. */
export async function photo(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  const noise = randomBytes(raw.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + ((noise[i] ?? 0) & 63)) & 255;
      raw[i + 1] = ((y * 255) / height + ((noise[i + 1] ?? 0) & 63)) & 255;
      raw[i + 2] = ((x + y) & 255) ^ ((noise[i + 2] ?? 0) & 31);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).withExif({ IFD0: { Make: 'Bench' } }).toBuffer();
}

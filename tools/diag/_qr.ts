import sharp from 'sharp';
import { readQrText } from '../../src/scan/qr.js';
for (const f of process.argv.slice(2)) {
  for (const w of [0, 3000, 2000]) {
    let img = sharp(f).rotate();
    if (w) img = img.resize(w);
    const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const t = performance.now();
    const texts = await readQrText(new Uint8ClampedArray(data), info.width, info.height);
    console.log(f.split('/').pop(), w || 'full', texts.length ? texts[0].slice(0, 30) : 'none', (performance.now() - t).toFixed(0), 'ms');
  }
}

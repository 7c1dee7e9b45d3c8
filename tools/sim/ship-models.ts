/** Writes a models file of the trainer (`--out FILE.json`) as the scanner's shipped weights: `node --import tsx tools/sim/ship-models.ts FILE.json`. */
import { readFileSync } from 'node:fs';
import { writeShipped } from './train-models.js';

writeShipped(JSON.parse(readFileSync(process.argv[2], 'utf8')));

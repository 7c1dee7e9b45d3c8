/**
 * Every kind of deck cell has a size limit checked before any layout work, and the message names the row and
 * column. Each input here ran for minutes (or exhausted memory) before its limit: the per-test timeout of 10 s makes
 * a missing limit fail instead of hang; with the limits each finishes in milliseconds.
 */
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadLayout } from '../../src/data/deck.js';
import { readDeckData } from '../../src/data/deck-data.js';
import { failure, render, simpleLayout, tmp, write } from './helpers.js';

const FAST = { timeout: 10_000 };


/** A PNG whose header says `w` x `h` pixels, with one row of data: cheap to write, huge to decode. */
function pngHeader(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // RGBA: pdfkit inflates and splits the whole image when it is drawn
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1 + 4 * w))), chunk('IEND', Buffer.alloc(0))]);
}

const shapeLayout = simpleLayout({ columns: { name: 'text', shape: 'text' }, front: { elements: [{ kind: 'grid', field: 'shape', x: 5, y: 5, w: 50, h: 50 }] } });
const textLayout = (text: string) => simpleLayout({ columns: { name: 'text' }, front: { elements: [{ kind: 'text', text, x: 5, y: 5, w: 50, h: 70, size: 6 }] } });

describe('deck cell limits', () => {
  it('refuses a 2000 x 2000 shape cell, naming row and column', FAST, async () => {
    const shape = Array.from({ length: 2000 }, () => '#'.repeat(2000)).join('/');
    const msg = await failure(render('bigshape', shapeLayout, `name,shape\na,#\nb,${shape}\n`));
    expect(msg).toMatch(/bigshape\.csv row 3, column 'shape': 4,001,999 characters; a cell holds at most 20,000/);
  });

  it('refuses a shape of more rows or columns than a grid takes, though the cell is small', FAST, async () => {
    const shape = Array.from({ length: 150 }, () => '#'.repeat(60)).join('/');
    expect(await failure(render('tallshape', shapeLayout, `name,shape\na,${shape}\n`))).toMatch(
      /tallshape\.csv row 2, column 'shape': a shape of 150 rows of up to 60 cells; at most 64 rows of 64/,
    );
    const literal = simpleLayout({ front: { elements: [{ kind: 'grid', shape: '#'.repeat(100), w: 50, h: 50 }] } });
    expect(await failure(render('wideshape', literal, 'name\na\n'))).toMatch(/wideshape\.layout\.json: front\.elements\[0\]\.shape: a shape of 1 rows of up to 100 cells/);
  });

  it('refuses a 5 MB text cell before wrapping it', FAST, async () => {
    const big = 'word '.repeat(1024 * 1024);
    const msg = await failure(render('bigtext', textLayout('{name}'), `name\nshort\n"${big}"\n`));
    expect(msg).toMatch(/bigtext\.csv row 3, column 'name': 5,242,880 characters; a cell holds at most 20,000/);
  });

  it('refuses text that templates join past what a text element takes', FAST, async () => {
    const part = 'word '.repeat(3000).trim();
    const l = simpleLayout({ columns: { name: 'text', more: 'text' }, front: { elements: [{ kind: 'text', text: '{name} {more}', w: 50, h: 70, size: 6 }] } });
    expect(await failure(render('jointext', l, `name,more\n${part},${part}\n`))).toMatch(
      /jointext\.csv row 2, columns 'name', 'more': 29,999 characters of text; a text element takes at most 20,000/,
    );
  });

  it('refuses an image of too many pixels before decoding it', FAST, async () => {
    writeFileSync(join(tmp, 'huge.png'), pngHeader(20_000, 20_000));
    const l = simpleLayout({ columns: { name: 'text', pic: 'text' }, front: { elements: [{ kind: 'image', src: '{pic}', w: 50, h: 50 }] } });
    expect(await failure(render('hugeimg', l, 'name,pic\na,huge.png\n'))).toMatch(/hugeimg\.csv row 2, column 'pic': image huge\.png is 20000 x 20000 pixels; at most 40 megapixels/);
  });

  it('refuses an image file over 50 MB before reading it', FAST, async () => {
    const p = join(tmp, 'fat.png');
    writeFileSync(p, pngHeader(10, 10));
    truncateSync(p, 60 * 1024 * 1024);
    const l = simpleLayout({ front: { elements: [{ kind: 'image', src: 'fat.png', w: 50, h: 50 }] } });
    expect(await failure(render('fatimg', l, 'name\na\n'))).toMatch(/fatimg\.layout\.json: front\.elements\[0\]\.src: image fat\.png is 60 MB; at most 50 MB/);
  });

  it('refuses more rows, or more cards with their copies, than a deck holds', FAST, async () => {
    const l = loadLayout(write('rows.layout.json', simpleLayout()));
    const many = 'name\n' + Array.from({ length: 10_001 }, (_, i) => `c${i}`).join('\n') + '\n';
    expect(await failure(() => readDeckData(l, write('many.csv', many)))).toMatch(/many\.csv: more than 10,000 rows \(a deck takes at most 10,000; split it/);
    const json = JSON.stringify(Array.from({ length: 10_001 }, (_, i) => ({ name: `c${i}` })));
    expect(await failure(() => readDeckData(l, write('many.json', json)))).toMatch(/many\.json: more than 10,000 rows/);
    const copies = 'name,copies\n' + Array.from({ length: 11 }, (_, i) => `c${i},999`).join('\n') + '\n';
    expect(await failure(() => readDeckData(l, write('copies.csv', copies)))).toMatch(/copies\.csv row 12, column 'copies': the deck passes 10,000 cards here/);
  });

  it('refuses an icon name, path data or colour too long for any icon or colour', FAST, async () => {
    const l = simpleLayout({
      columns: { name: 'text', c: 'text', p: 'text' },
      icons: { dot: 'M0 0h24v24H0z' },
      front: { elements: [{ kind: 'rect', fill: '{c}' }, { kind: 'icon', icon: '{name}' }] },
    });
    expect(await failure(render('longcolour', l, `name,c,p\ndot,${'r'.repeat(300)},x\n`))).toMatch(/longcolour\.csv row 2, column 'c': a colour of 300 characters; at most 200/);
    expect(await failure(render('longicon', l, `name,c,p\n${'d'.repeat(300)},#000000,x\n`))).toMatch(/longicon\.csv row 2, column 'name': an icon name of 300 characters; at most 100/);
  });

  it('refuses a layout file over 5 MB, too many elements, or a track of too many spaces', FAST, async () => {
    const p = write('fat.layout.json', simpleLayout());
    truncateSync(p, 6 * 1024 * 1024);
    expect(await failure(() => loadLayout(p))).toMatch(/fat\.layout\.json: 6\.0 MB; a layout is at most 5 MB/);
    const many = simpleLayout({ front: { elements: Array.from({ length: 501 }, () => ({ kind: 'rect' })) } });
    expect(await failure(() => loadLayout(write('manyel.layout.json', many)))).toMatch(/front\.elements: 501 elements; at most 500 a side/);
    const track = simpleLayout({ front: { elements: [{ kind: 'track', from: 0, to: 10_000_000 }] } });
    expect(await failure(() => loadLayout(write('track.layout.json', track)))).toMatch(/front\.elements\[0\]\.to: a track holds at most 500 spaces/);
  });
});

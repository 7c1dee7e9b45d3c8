/**
 * Every address `baako serve` answers, in one table. A new feature adds its lines here and its handlers in a
 * file of its own beside these.
 *
 * Who may do what: creating a game is open to the local network; a game's pages and API need its id (128
 * random bits, in the join QR code); the host's page and actions (pack files, removing a sheet, deleting the
 * photos) need the host
 * key; confirming a sheet needs that sheet's id, which only the phone that uploaded it gets. The dice are rolled
 * with the host key, or with the game's id in a solo game (the player is the host).
 */
import type { Route } from '../router.js';
import { deletePhotos, getBoard, getGame, getHost, openEvents, postGame, removeSheet } from './games.js';
import { getDice, hostRoll, hostUndo, playerRoll, playerUndo, tablePage } from './dice.js';
import { asset, boardPage, homePage, hostPage, joinPage, joinQr, landImage, packFile, resultsCsv, resultsJson, reviewPage } from './pages.js';
import { assignPage, postScans, scanPage } from './scans.js';
import { confirmSheet, getSheet, postSheet } from './sheets.js';

export const routes: Route[] = [
  // The page and its files.
  { method: 'GET', path: '/', handler: homePage },
  { method: 'GET', path: '/app.js', handler: asset('app.js') },
  { method: 'GET', path: '/app.css', handler: asset('app.css') },
  { method: 'GET', path: '/favicon.svg', handler: asset('favicon.svg') },

  // Games.
  { method: 'POST', path: '/api/games', handler: postGame },
  { method: 'GET', path: '/api/games/:game', handler: getGame },
  { method: 'GET', path: '/api/games/:game/board', handler: getBoard },
  { method: 'GET', path: '/api/games/:game/events', handler: openEvents },

  // Sheets.
  { method: 'POST', path: '/api/games/:game/sheets', handler: postSheet },
  { method: 'GET', path: '/api/games/:game/sheets/:id', handler: getSheet },
  { method: 'POST', path: '/api/games/:game/sheets/:sheet/confirm', handler: confirmSheet },

  // The table's dice: the host rolls; in a solo game, the player's phone.
  { method: 'GET', path: '/api/games/:game/dice', handler: getDice },
  { method: 'POST', path: '/api/games/:game/rolls', handler: playerRoll },
  { method: 'DELETE', path: '/api/games/:game/rolls/:turn', handler: playerUndo },
  { method: 'POST', path: '/api/host/:hostKey/rolls', handler: hostRoll },
  { method: 'DELETE', path: '/api/host/:hostKey/rolls/:turn', handler: hostUndo },
  { method: 'GET', path: '/host/:hostKey/table', handler: tablePage },

  // The host (the host key in the address).
  { method: 'GET', path: '/api/host/:hostKey', handler: getHost },
  { method: 'DELETE', path: '/api/host/:hostKey/sheets/:no', handler: removeSheet },
  { method: 'DELETE', path: '/api/host/:hostKey/photos', handler: deletePhotos },
  { method: 'GET', path: '/host/:hostKey', handler: hostPage },
  { method: 'GET', path: '/host/:hostKey/qr.svg', handler: joinQr },
  { method: 'GET', path: '/host/:hostKey/files/:file', handler: packFile },

  // The host's PDFs of scanned sheets.
  { method: 'POST', path: '/api/host/:hostKey/scans', handler: postScans },
  { method: 'POST', path: '/api/host/:hostKey/scans/:batch/:page', handler: assignPage },
  { method: 'GET', path: '/host/:hostKey/scans/:batch/:file', handler: scanPage },

  // Players' pages, the straightened sheets, the results.
  { method: 'GET', path: '/g/:game', handler: joinPage },
  { method: 'GET', path: '/g/:game/board', handler: boardPage },
  { method: 'GET', path: '/g/:game/s/:id', handler: reviewPage },
  { method: 'GET', path: '/g/:game/land/:file', handler: landImage },
  { method: 'GET', path: '/g/:game/results.csv', handler: resultsCsv },
  { method: 'GET', path: '/g/:game/results.json', handler: resultsJson },
];

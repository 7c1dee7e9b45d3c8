import { LIKELY_RIGHT } from '../engine/review.js';

/**
 * The scanner's decisions in one place: when a pose is taken for the sheet, when a photo is refused, which chances
 * are listed and asked. Each was chosen on the validation photos and is reported on the benchmark's
 * (docs/benchmarks.md). What measures the land (band widths, search steps, the models' inputs) stays beside the
 * code that measures: changing it changes what the models were trained on.
 */
export const TUNING = {
  locate: {
    /** Borderline contrast from which a pose is taken as the sheet's (wrong ones measure near 0). */
    minBorder: 0.2,
    /**
     * The same for a pose with a corner square placed by the other three: a wrong place (beside a QR code's finder
     * pattern taken for a corner square) can still show a little of the borderline, the right one shows it whole.
     */
    minBorderPlaced: 0.5,
    /**
     * The least and most a found corner square's side may be of the side its pose draws it at: a pose made of two
     * sheets' squares, or of a QR code's finder pattern, draws them far off.
     */
    markerSize: [0.6, 1.6] as [number, number],
    /** The same for the four squares' geometric mean (two sheets' outer corners make one page too large, all four alike). */
    markerSizeMean: [0.8, 1.25] as [number, number],
    /**
     * Squares found from which every set of four is measured, not the largest that shows a borderline: more than a
     * sheet's four may be a neighbour's sheet in the photo (or a QR code's finder pattern, which the sizes keep out).
     */
    severalSheets: 5,
    /**
     * A land corner lying this much further (cells, in the photo) from where the corner squares put it than any other
     * corner from theirs is taken for a fence's junction a cell inside: bowed sheets move corners two or four alike.
     */
    cornerOdd: 0.4,
    /** Its candidate taken instead lies this near the other corners' typical offset (cells)... */
    cornerNear: 0.45,
    /** ...and scores at least this share of the best (the land's corner and the junction score alike). */
    cornerKeep: 0.75,
  },
  printedSetup: {
    /** Sample pitch on the page (mm) where the print is compared with its drawing: fine enough for a card's name. */
    pitchMm: 0.4,
    /** How far (mm) a box may lie from where the corner squares and the land put it: a bent sheet moves it a little. */
    reachMm: 4,
    /** Least lead of the better side's correlation over the other side's: no wrong side leads by as much. */
    sideMargin: 0.1,
    /** Least lead of the best card's correlation over the next of its type: well above any wrong card's lead. */
    cardMargin: 0.12,
    /** Least correlation of what is taken: under it the box is too smeared or hidden to tell. */
    leastMatch: 0.4,
  },
  refuse: {
    /** The brightest 2% of the photo under this (white paper reads 150 and up in any usable light): too dark to read. */
    dark: 60,
    /**
     * Most spots a reading may ask about: past it, a retake in better light is quicker than checking them, and the
     * readings that stay wrong after the answers gather there (tools/diag/ask-limit.ts).
     */
    maxAsked: 10,
    /**
     * Most items a reading may expect to have misread (the sum of its listed items' chances): past it, its errors are
     * many and move the total together though each alone moves nothing, so none is asked. A whole number above
     * every exactly read photo's sum on the simulated sets it was set on and in the tests (docs/benchmarks.md).
     */
    mostExpectedWrong: 5,
    /**
     * A cell side more than this many times as long as the next one along its grid line (or as short) means the grid
     * slipped by about a cell on a bent sheet: its fences would be read on their neighbours' edges, too surely to ask.
     */
    mostCellStep: 2,
  },
  chances: {
    /** How much the models' temperatures grow per range-width a photo lies outside the training photos' ranges. */
    outsideSoftens: 1,
    /** The most range-widths counted (a photo far outside is as unknown as one well outside). */
    outsideMost: 3,
    /** An item's chance of being wrong from which it is listed at all. */
    listed: 0.01,
    /** Under this chance of being wrong an item is likely right and not asked on its own (the engine's, shared with the review page; tools/diag/ask-policy.ts). */
    likelyRight: LIKELY_RIGHT,
  },
  ask: {
    /** Most asked items whose every combination is scored for the range; past it, each is moved on its own. */
    rangeAll: 10,
    /** Most doubtful items that move nothing alone tried in pairs (the likeliest wrong first): bounded work. */
    pairsOf: 24,
    /**
     * Sheets drawn from the items' chances to find what moves the total only together (three missed holes around
     * one discovery): enough to see a 2.5% chance some ten times, the same draws every time so a photo reads the same.
     */
    draws: 400,
    /** Items less likely wrong than this stay as read in the draws: they would almost never be drawn. */
    drawnFrom: 0.005,
    /** Most items drawn (the likeliest wrong first): bounded work on a sheet full of doubts. */
    drawnMost: 60,
  },
} as const;

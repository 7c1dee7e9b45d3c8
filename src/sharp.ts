/**
 * sharp, loaded with require: its CommonJS build loads faster than its ES module build, which Node reads module
 * by module, and a command-line scan feels it. Every module that uses sharp takes it from here.
 */
import { createRequire } from 'node:module';
import type Sharp from 'sharp';

export type { Metadata, OutputInfo } from 'sharp';

export const sharp = createRequire(import.meta.url)('sharp') as typeof Sharp;

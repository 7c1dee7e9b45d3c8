/** The photo simulator: simulated phone photos of finished Baako sheets with their ground truth (see README). */
export { simulatePhoto, SIM_VERSION, type PhotoTruth, type SimulatedPhoto, type SimulateOptions } from './simulate-photo.js';
export { generatePhotos, photoStream, writePhoto, photoName, type GenerateOptions, type GeneratedPhoto } from './generate.js';
export { DIFFICULTIES, PRESETS, SIZES, drawKnobs, type Difficulty, type SimKnobs } from './difficulty.js';

/** The message keys of the brief: the Ukrainian catalogue is the reference set. */
import type { uk } from './uk.js';

export type MessageKey = keyof typeof uk;

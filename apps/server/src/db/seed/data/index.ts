import { ride228, ride233, ride72, ride719 } from './rides-europe.js';
import { ride1, ride183, ride843 } from './rides-israel.js';
import type { DemoRide } from './types.js';

export type { DemoAccommodation, DemoAttraction, DemoDay, DemoLanguage, DemoRide } from './types.js';

/**
 * The seven recommended demo trips (spec 000 §9), in the order the spec lists them:
 * 1, 719, 183, 843, 72, 228, 233 with 14, 11, 14, 10, 14, 19 and 8 days.
 */
export const demoRides: DemoRide[] = [ride1, ride719, ride183, ride843, ride72, ride228, ride233];

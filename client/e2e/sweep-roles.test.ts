import { describe } from 'vitest';
import { sweepScreens } from './sweep/suite.js';

/**
 * The screen sweep (sweep/suite.ts) as a chapter advisor and as an auditor: their screens lack buttons, show one
 * chapter or refuse the page (issue 35 §6). A file of its own so that the two browser-test workers share the sweep.
 */
describe('screen sweep as an advisor and an auditor', () => {
  sweepScreens(['advisor', 'auditor']);
});

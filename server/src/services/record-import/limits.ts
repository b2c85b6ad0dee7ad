import { DEFAULT_LIMITS, type SpreadsheetLimits } from '../spreadsheet/index.js';

/**
 * The spreadsheet reader's limits for imports: larger files than invitee databases (50 MB, a million rows), and
 * cells kept whole up to 10,000 characters, so an over-long value is rejected by its field's own rule
 * ('Name must be 255 characters or less') rather than cut.
 */
export const IMPORT_LIMITS: SpreadsheetLimits = {
  ...DEFAULT_LIMITS,
  maxFileBytes: 50 * 1024 * 1024,
  maxRows: 1_000_000,
  maxCellLength: 10_000,
  maxUnpackedBytes: 800 * 1024 * 1024,
};

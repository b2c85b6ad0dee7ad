import { fileErrors } from './errors.js';
import { HEADER_SEARCH_ROWS } from './limits.js';

const CANDIDATES = [',', ';', '\t'] as const;
export type Delimiter = (typeof CANDIDATES)[number];

/**
 * The delimiter the header uses, told from the csv's text as it comes: the most frequent of comma,
 * semicolon and tab (outside quotes) on the first line that has any, within the first few non-empty
 * lines; comma when none has. Refuses a header with more than `maxColumns` columns before anything is
 * parsed (a one-line file of a million commas is counted, never split).
 */
export class DelimiterSniffer {
  private readonly counts = { ',': 0, ';': 0, '\t': 0 };
  private inQuotes = false;
  private lineHasText = false;
  private textLines = 0;

  constructor(private readonly maxColumns: number) {}

  /** The delimiter once the text so far tells it, else undefined (more text is needed). */
  push(text: string): Delimiter | undefined {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '"') this.inQuotes = !this.inQuotes;
      else if (this.inQuotes) continue;
      else if (ch === ',' || ch === ';' || ch === '\t') this.counts[ch]++;
      else if (ch === '\n' || ch === '\r') {
        const found = this.pick();
        if (found) return found;
        if (this.lineHasText && ++this.textLines >= HEADER_SEARCH_ROWS) return ',';
        this.lineHasText = false;
        continue;
      }
      if (ch !== ' ') this.lineHasText = true;
    }
    return undefined;
  }

  /** The delimiter when the text has ended. */
  end(): Delimiter {
    return this.pick() ?? ',';
  }

  private pick(): Delimiter | undefined {
    const best = CANDIDATES.reduce((a, b) => (this.counts[b] > this.counts[a] ? b : a));
    if (this.counts[best] === 0) return undefined;
    if (this.counts[best] + 1 > this.maxColumns)
      throw fileErrors.tooManyColumns(this.counts[best] + 1, this.maxColumns);
    return best;
  }
}

/** The delimiter of a whole text (tests, and anything already in memory). */
export function delimiterOf(text: string, maxColumns: number): Delimiter {
  const sniffer = new DelimiterSniffer(maxColumns);
  return sniffer.push(text) ?? sniffer.end();
}

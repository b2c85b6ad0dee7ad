/** One row of a file under its header: the recognised columns that have a value (trimmed, never ''). */
export type SheetRecord<C extends string> = { rowNumber: number; fields: Partial<Record<C, string>> };

/** 'E-mail Address ' -> 'emailaddress'. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s\-_.]+/g, '');

/**
 * The columns one kind of file has and the header names that mean them: invitee databases
 * (services/invitee-database), the imports of institutions, chapters and accounts (services/record-import).
 * Matching a header ignores case, spaces, dashes, underscores and dots. `headerColumns` tell the header row
 * apart from a title line above it (the first row naming any of them is the header); `missingHeader` is the
 * refusal when none of the first rows does, `rowsNoun` names the rows in messages.
 * @example columnSet({ email: ['Email', 'E-mail'], legacyId: ['Legacy Id'] }, { headerColumns: ['email'], missingHeader, rowsNoun: 'account' })
 */
export type ColumnSet<C extends string = string> = {
  aliases: Readonly<Record<C, readonly string[]>>;
  headerColumns: readonly C[];
  missingHeader: () => Error;
  rowsNoun: string;
  /** Looks a normalised header up (built by columnSet). */
  byAlias: ReadonlyMap<string, C>;
};

export function columnSet<C extends string>(
  aliases: Readonly<Record<C, readonly string[]>>,
  rest: Omit<ColumnSet<C>, 'aliases' | 'byAlias'>,
): ColumnSet<C> {
  const byAlias = new Map<string, C>();
  for (const column of Object.keys(aliases) as C[]) {
    for (const alias of aliases[column])
      if (!byAlias.has(normaliseHeader(alias))) byAlias.set(normaliseHeader(alias), column);
  }
  return { aliases, byAlias, ...rest };
}

/** The column of `set` a header cell names, if any. */
export function columnOf<C extends string>(header: string, set: ColumnSet<C>): C | undefined {
  return set.byAlias.get(normaliseHeader(header));
}

/**
 * Which cell index feeds which column of `set`. When two headers name the same column, the first
 * (leftmost) one is used and the other ignored; unknown headers are ignored.
 */
export function mapHeader<C extends string>(
  cells: readonly string[],
  set: ColumnSet<C>,
): Array<[index: number, column: C]> {
  const seen = new Set<C>();
  const out: Array<[number, C]> = [];
  cells.forEach((cell, index) => {
    const column = columnOf(cell, set);
    if (column && !seen.has(column)) {
      seen.add(column);
      out.push([index, column]);
    }
  });
  return out;
}

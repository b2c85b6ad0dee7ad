// The few Tabler icons (MIT) the member home shows, as the app draws them: 24-unit strokes, hidden from
// assistive technology since a text beside each says the same.

const PATHS = {
  calendar: 'M11.5 21H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v6M16 3v4M8 3v4M4 11h16M15 19l2 2 4-4',
  users:
    'M10 13a2 2 0 1 0 4 0 2 2 0 0 0-4 0M8 21v-1a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v1M15 5a2 2 0 1 0 4 0 2 2 0 0 0-4 0M17 10h2a2 2 0 0 1 2 2v1M5 5a2 2 0 1 0 4 0 2 2 0 0 0-4 0M3 13v-1a2 2 0 0 1 2-2h2',
  bank: 'M3 21h18M3 10h18M5 6l7-3 7 3M4 10v11M20 10v11M8 14v3M12 14v3M16 14v3',
  certificate:
    'M15 15m-3 0a3 3 0 1 0 6 0 3 3 0 1 0-6 0M13 17.5V22l2-1.5 2 1.5v-4.5M10 19H5a2 2 0 0 1-2-2V7c0-1.1.9-2 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-1 1.73M6 9h12M6 12h3M6 15h2',
  shield: 'M11.46 20.85A12 12 0 0 1 3.5 6 12 12 0 0 0 12 3a12 12 0 0 0 8.5 3 12 12 0 0 1-.09 7.06M15 19l2 2 4-4',
  download: 'M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 11l5 5 5-5M12 4v12',
  award:
    'M6 9a6 6 0 1 0 12 0A6 6 0 1 0 6 9M12 15l3.4 5.89 1.598-3.233 3.598.232-3.4-5.889M6.802 12l-3.4 5.89L7 17.657l1.598 3.232 3.4-5.889',
  linkedin:
    'M8 11v5M8 8v.01M12 16v-5M16 16v-3a2 2 0 0 0-4 0M3 7a4 4 0 0 1 4-4h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4z',
  receipt:
    'M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2-2 2-2-2-2 2-2-2-3 2M14 8h-2.5a1.5 1.5 0 0 0 0 3h1a1.5 1.5 0 0 1 0 3H10M12 7v1m0 6v1',
  user: 'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M9 10a3 3 0 1 0 6 0 3 3 0 1 0-6 0M6.168 18.849A4 4 0 0 1 10 16h4a4 4 0 0 1 3.834 2.855',
  chevron: 'M9 6l6 6-6 6',
  clock: 'M3 12a9 9 0 1 0 18 0 9 9 0 0 0-18 0M12 7v5l3 3',
  pin: 'M9 11a3 3 0 1 0 6 0 3 3 0 0 0-6 0M17.657 16.657 13.414 20.9a2 2 0 0 1-2.827 0l-4.244-4.243a8 8 0 1 1 11.314 0z',
  school: 'M22 9 12 5 2 9l10 4 10-4v6M6 10.6V16a6 3 0 0 0 12 0v-5.4',
  logout: 'M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2M9 12h12l-3-3M18 15l3-3',
  check: 'M5 12l5 5L20 7',
} as const;

export type IconName = keyof typeof PATHS;

/** An icon `size` pixels wide, drawn in the text's colour. */
export const icon = (name: IconName, size = 18, stroke = 1.8): string =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${PATHS[name]}"/></svg>`;

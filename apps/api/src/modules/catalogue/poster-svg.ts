/**
 * Event posters drawn by the product (no outside images; the CSP allows only our origin). The
 * palette comes from the event's theme, else its category; the shapes from its slug, so every
 * poster differs but never changes between builds.
 */
const PALETTES = {
  sunset: ['#f97316', '#db2777', '#4c1d95'],
  ocean: ['#0891b2', '#1d4ed8', '#1e1b4b'],
  forest: ['#16a34a', '#0f766e', '#052e16'],
  night: ['#7c3aed', '#312e81', '#0b0a1a'],
  carnival: ['#facc15', '#e11d48', '#7e22ce'],
  gold: ['#f59e0b', '#92400e', '#1c1917'],
} as const;

export type TPosterTheme = keyof typeof PALETTES;

const BY_CATEGORY: Record<string, TPosterTheme> = {
  show: 'night',
  festival: 'sunset',
  teatro: 'gold',
  samba: 'carnival',
  esporte: 'forest',
  'stand-up': 'ocean',
  infantil: 'carnival',
  feira: 'forest',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Splits the title into at most four lines of about `width` characters. */
export function wrapTitle(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > 4)
    return [
      ...lines.slice(0, 3),
      `${lines
        .slice(3)
        .join(' ')
        .slice(0, width - 1)}…`,
    ];
  return lines;
}

export type TPosterInput = {
  slug: string;
  name: string;
  category: string;
  theme: string | null;
  city: string;
  state: string;
};

export function posterSvg(input: TPosterInput): string {
  const theme =
    (input.theme && input.theme in PALETTES ? input.theme : BY_CATEGORY[input.category]) ?? 'night';
  const [a, b, c] = PALETTES[theme as TPosterTheme];
  const seed = hash(input.slug);
  const circles = [0, 1, 2]
    .map((i) => {
      const s = (seed >>> (i * 8)) & 0xff;
      const cx = 80 + ((s * 37) % 440);
      const cy = 90 + ((s * 53) % 380);
      const r = 70 + (s % 120);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i === 1 ? a : '#fff'}" opacity="${i === 1 ? 0.55 : 0.08}"/>`;
    })
    .join('');
  const lines = wrapTitle(input.name.toUpperCase(), 14);
  // Bold capitals are about 0.68 em wide: the longest line must fit the 504 units inside the margins.
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(lines.length > 3 ? 50 : 60, Math.floor(504 / (longest * 0.68)));
  const firstY = 560 - (lines.length - 1) * (size + 6);
  const title = lines
    .map((line, i) => `<tspan x="48" y="${firstY + i * (size + 6)}">${escapeXml(line)}</tspan>`)
    .join('');
  const where = `${input.city} · ${input.state}`.toUpperCase();
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800" role="img" aria-label="${escapeXml(input.name)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset=".55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient></defs>`,
    `<rect width="600" height="800" fill="url(#g)"/>`,
    circles,
    `<rect x="48" y="48" width="${24 + input.category.length * 14}" height="40" rx="20" fill="#000" opacity=".35"/>`,
    `<text x="${60}" y="75" fill="#fff" font-family="system-ui,sans-serif" font-size="20" font-weight="700" letter-spacing="2">${escapeXml(input.category.toUpperCase())}</text>`,
    `<text fill="#fff" font-family="system-ui,sans-serif" font-size="${size}" font-weight="800">${title}</text>`,
    // No date: one image serves every language, and the page prints the date beside it in its own.
    `<rect x="48" y="684" width="504" height="3" fill="#fff" opacity=".7"/>`,
    `<text x="48" y="734" fill="#fff" font-family="system-ui,sans-serif" font-size="28" font-weight="700">${escapeXml(where)}</text>`,
    '</svg>',
  ].join('');
}

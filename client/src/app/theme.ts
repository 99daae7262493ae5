import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/** Deep teal: the primary colour. */
const petrol: MantineColorsTuple = [
  '#e7f6f7',
  '#d3eaec',
  '#a7d4d9',
  '#77bdc4',
  '#50a9b3',
  '#389ca7',
  '#2a8f9b',
  '#1b7783',
  '#0e6470',
  '#034e59',
];

/** Navy for text, headers and the footer. */
const navy: MantineColorsTuple = [
  '#eef2f8',
  '#dbe1eb',
  '#b3c0d7',
  '#889dc3',
  '#6580b2',
  '#4f6ea8',
  '#4364a5',
  '#345491',
  '#2b4a82',
  '#14284b',
];

const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const contrastWithWhite = (hex: string) => {
  const [r, g, b] = channels(hex).map(linear);
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
};

/**
 * Shades 6 to 9 are what text is written in: the dimmed text (gray 6), a colour's text and its filled
 * background under white text (the primary shade, 7), and the light variant's text on its tint (9 on 1).
 * Mantine's own reach 3.3:1 on white (gray 6) or less, under WCAG AA's 4.5:1, so each is darkened just
 * until it reaches these contrasts with white, which leave room for the grey page and the tinted cards
 * and badges text also sits on.
 */
const CONTRAST_WITH_WHITE = [5.2, 5.2, 5.6, 6];

function legible(shades: readonly string[]): MantineColorsTuple {
  return shades.map((shade, index) => {
    const target = CONTRAST_WITH_WHITE[index - 6];
    let rgb = channels(shade);
    const hex = () => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
    while (target && contrastWithWhite(hex()) < target) rgb = rgb.map((c) => c * 0.98);
    return hex();
  }) as unknown as MantineColorsTuple;
}

// 'dark' is the dark scheme's background scale, never text on white.
const palettes = Object.entries({ ...DEFAULT_THEME.colors, petrol, navy }).filter(
  ([name]) => name !== 'dark',
);

export const theme = createTheme({
  primaryColor: 'petrol',
  primaryShade: { light: 7, dark: 5 },
  colors: Object.fromEntries(palettes.map(([name, shades]) => [name, legible(shades)])),
  // The stack itself is in index.html, whose own first frame uses it before this theme is applied.
  fontFamily: 'var(--hw-font-family)',
  headings: {
    fontFamily: 'var(--hw-font-family)',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Controls that show only an icon are named for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the date' } } },
    // The focus placeholder is a child a menu may not have (ARIA's menu holds menu items only); focus goes
    // to the first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Status badges read in sentence case, as the spec writes them ('New!', 'Lawyer added').
    Badge: { defaultProps: { tt: 'none' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Notification: { styles: { description: { whiteSpace: 'pre-line' } } },
  },
});

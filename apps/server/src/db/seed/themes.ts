import type { NewSubdomainTheme, ThemeColors } from '../schema/index.js';

/**
 * The five sub-domain themes and the default (000 §9, 001 §9). Configuration data: the seed writes them,
 * admins may change them later. Text colours are chosen for at least 4.5:1 contrast on their background.
 */
type ThemeConfig = Omit<NewSubdomainTheme, 'id' | 'userId' | 'logoUrl' | 'createdAt'> & {
  colors: ThemeColors;
};

/** The theme the demo sub-domain manager (partner@) manages; ride 228 is white-label on it. */
export const PARTNER_SUBDOMAIN = 'alpine';

export const DEMO_THEMES: ThemeConfig[] = [
  {
    name: 'default',
    subdomain: null,
    isDefault: true,
    colors: palette('#1864ab', '#ffffff', '#e67700', '#ffffff', '#f8f9fa', '#e7f5ff', '#ffffff', '#f1f3f5'),
  },
  {
    name: 'Galilee',
    subdomain: 'galilee',
    colors: palette('#2b8a3e', '#ffffff', '#5c940d', '#ffffff', '#f4fce3', '#ebfbee', '#ffffff', '#f8f9fa'),
  },
  {
    name: 'Desert',
    subdomain: 'desert',
    colors: palette('#a61e4d', '#ffffff', '#d9480f', '#ffffff', '#fff9db', '#fff4e6', '#ffffff', '#fff5f5'),
  },
  {
    name: 'Alpine',
    subdomain: PARTNER_SUBDOMAIN,
    colors: palette('#364fc7', '#ffffff', '#0b7285', '#ffffff', '#f8f9fa', '#edf2ff', '#ffffff', '#e3fafc'),
  },
  {
    name: 'Coastal',
    subdomain: 'coastal',
    colors: palette('#0b7285', '#ffffff', '#1971c2', '#ffffff', '#e3fafc', '#e7f5ff', '#ffffff', '#f1f3f5'),
  },
  {
    name: 'Family',
    subdomain: 'family',
    colors: palette('#862e9c', '#ffffff', '#c2255c', '#ffffff', '#f8f0fc', '#fff0f6', '#ffffff', '#f8f9fa'),
  },
];

function palette(
  primary: string,
  primaryTextColor: string,
  secondary: string,
  secondaryTextColor: string,
  primaryBackground: string,
  secondaryBackground: string,
  mainTextBackgroundColor: string,
  rideItineraryBackgroundColor: string,
): ThemeColors {
  return {
    primary,
    primaryTextColor,
    secondary,
    secondaryTextColor,
    primaryBackground,
    secondaryBackground,
    mainTextBackgroundColor,
    rideItineraryBackgroundColor,
  };
}

/**
 * A self-contained logo (SVG data URL: the theme's name on its primary colour), so a fresh install shows a
 * logo without any image files. Admins replace it with an uploaded one.
 */
export function themeLogo(theme: ThemeConfig): string {
  const label = theme.isDefault ? 'rides' : theme.name;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">` +
    `<rect width="160" height="40" rx="8" fill="${theme.colors.primary}"/>` +
    `<text x="80" y="26" font-family="Arial, sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="${theme.colors.primaryTextColor}">${label}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

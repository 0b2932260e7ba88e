import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type ModalProps,
  type MantineThemeComponent,
} from '@mantine/core';

/** A deep teal: shade 7 (primary) on white is 6.1:1, so white-on-primary buttons and links pass WCAG AA. */
const brand: MantineColorsTuple = [
  '#e7f6f6',
  '#cdeded',
  '#9bdada',
  '#66c6c6',
  '#3bb4b4',
  '#21a6a6',
  '#0b7a7a',
  '#096d6d',
  '#085f5f',
  '#064f4f',
];

/** Mantine's reds from shade 6 up are too light for text on white; these keep error text at 5:1 or more. */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#c92a2a',
  '#b02525',
  '#a61e1e',
  '#8f1a1a',
];

/** An amber accent for small decorative marks (never for text on white). */
const accent: MantineColorsTuple = [
  '#fff8e1',
  '#ffecb3',
  '#ffe082',
  '#ffd54f',
  '#ffca28',
  '#f59f00',
  '#b45309',
  '#92400e',
  '#78350f',
  '#5c2a0b',
];

/** System fonts only (no font hosts): Hebrew-capable faces first on each platform. */
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", "Noto Sans Hebrew", "Noto Sans", Roboto, "Helvetica Neue", Arial, "Arial Hebrew", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 4 },
  colors: { brand, red, accent },
  fontFamily,
  headings: { fontFamily, fontWeight: '750' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  autoContrast: true,
  components: {
    // A plain object, not Modal.extend(): importing Modal here put it (focus trap, overlay, scroll lock, ~20 KB gzip)
    // in every page's first JavaScript; modals load with the first one opened.
    Modal: {
      defaultProps: { radius: 'lg', overlayProps: { backgroundOpacity: 0.5 } } satisfies Partial<ModalProps>,
      styles: { title: { fontWeight: 750, fontSize: 'var(--mantine-font-size-lg)' } },
    } satisfies MantineThemeComponent,
  },
});

/** AA contrast for dimmed and error text (Mantine's defaults are 3.3:1 on white). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#51585f',
    '--mantine-color-error': '#b02525',
    '--mantine-color-placeholder': '#6b7178',
  },
  dark: {},
});

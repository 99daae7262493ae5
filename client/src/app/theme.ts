import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'petrol',
  primaryShade: { light: 7, dark: 5 },
  colors: { petrol, navy },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Notification: { styles: { description: { whiteSpace: 'pre-line' } } },
  },
});

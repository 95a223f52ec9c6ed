import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

// System fonts only: the console must render offline and on a LAN without fetching a web font.
const fontFamily = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  'sans-serif',
].join(',');

const breakpoints = { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1440, xxl: 1600 } };
/** A phone: below md. */
const phone = `@media (max-width:${breakpoints.values.md - 0.05}px)`;

export const theme = createTheme({
  breakpoints,
  components: {
    // On a phone a table scrolls inside itself (the page never scrolls sideways): the table box becomes a block that
    // scrolls, its rows keep their table layout inside it.
    MuiTable: {
      styleOverrides: { root: { [phone]: { display: 'block', overflowX: 'auto', maxWidth: '100%' } } },
    },
    // On a phone every dialog fills the screen: a centred box leaves no room for the keyboard.
    MuiDialog: {
      styleOverrides: {
        paper: {
          [phone]: {
            margin: 0,
            width: '100%',
            maxWidth: '100%',
            height: '100%',
            maxHeight: 'none',
            borderRadius: 0,
          },
        },
      },
    },
  },
  palette: {
    primary: { main: '#6366F1' },
    success: { main: '#22C55E' },
    warning: { main: '#F97316' },
    error: { main: '#EF4444' },
    background: { default: '#F5F6FA' },
  },
  typography: { fontFamily, button: { textTransform: 'none' } },
  shape: { borderRadius: 8 },
});

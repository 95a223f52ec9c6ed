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

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1440, xxl: 1600 } },
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

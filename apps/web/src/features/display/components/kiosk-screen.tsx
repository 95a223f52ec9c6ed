import { useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { theme as consoleTheme } from '../../../lib/theme';
import { useDisplayBoard } from '../api/use-display-board';
import { DisplayBoardView } from './display-board-view';

/** A dark theme for screens on a wall: high contrast, no pure white glare. */
const displayTheme = createTheme({
  ...consoleTheme,
  palette: {
    mode: 'dark',
    primary: { main: '#818CF8' },
    success: { main: '#22C55E' },
    warning: { main: '#F59E0B' },
    error: { main: '#EF4444' },
    background: { default: '#0B1120', paper: '#111A2E' },
    text: { primary: '#F1F5F9', secondary: '#94A3B8' },
  },
});

/** The display token from the kiosk URL's fragment (/kiosk#dsp_...): the fragment never reaches a server or log. */
export function tokenFromHash(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}

function Board({ token }: { token: string }) {
  const view = useDisplayBoard(token);
  return (
    <DisplayBoardView
      board={view.board}
      state={view.state}
      notifications={view.notifications}
      onHide={view.hide}
    />
  );
}

/** The kiosk page a display link opens: no login, no console shell, the board of the link's site. */
export function KioskScreen({ hash }: { hash: string }) {
  const token = useMemo(() => tokenFromHash(hash), [hash]);
  return (
    <ThemeProvider theme={displayTheme}>
      <CssBaseline />
      <GlobalStyles styles={{ 'html, body': { overflow: 'hidden' } }} />
      {token ? (
        <Board key={token} token={token} />
      ) : (
        <DisplayBoardView
          board={null}
          state="refused"
          notifications={{ shown: [], waiting: [] }}
          onHide={() => {}}
        />
      )}
    </ThemeProvider>
  );
}

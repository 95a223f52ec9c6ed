// The yardstick for the console's /login: the least a React + MUI + router page needs (theme, baseline, a form).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

const theme = createTheme({ palette: { primary: { main: '#6366F1' } } });

function Login() {
  return (
    <Box component="form" sx={{ display: 'grid', gap: 2, maxWidth: 360, m: 'auto', mt: 8 }}>
      <Typography variant="h5">Log in</Typography>
      <TextField label="E-mail" />
      <TextField label="Password" type="password" />
      <Button variant="contained">Log in</Button>
    </Box>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Login />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>
  </StrictMode>,
);

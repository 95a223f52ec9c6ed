import { keyframes } from '@emotion/react';
import { useLocation } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import type { Theme } from '@mui/material/styles';

const grow = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(0); }
`;

const fadeOut = keyframes`
  0%, 70% { opacity: 1; }
  100% { opacity: 0; }
`;

const fixedTop = {
  position: 'fixed' as const,
  top: 0,
  left: 0,
  right: 0,
  height: 3,
  zIndex: (theme: Theme) => theme.zIndex.tooltip + 1,
};

export type RouteProgressProps = { loading: boolean };

/**
 * The progress bar at the top: indeterminate while the router loads the next screen (`loading`), then a short sweep
 * that restarts on every route change (the location key remounts it).
 */
export function RouteProgress({ loading }: RouteProgressProps) {
  const location = useLocation();

  if (loading) {
    return <LinearProgress sx={fixedTop} data-testid="route-progress" data-state="loading" />;
  }
  return (
    <LinearProgress
      key={location.key}
      variant="determinate"
      value={100}
      data-testid="route-progress"
      data-state="done"
      sx={{
        ...fixedTop,
        animation: `${fadeOut} 700ms ease-out forwards`,
        pointerEvents: 'none',
        '& .MuiLinearProgress-bar': { animation: `${grow} 450ms ease-out` },
      }}
    />
  );
}

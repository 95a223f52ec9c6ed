import LinearProgress from '@mui/material/LinearProgress';

/** Shown while the first route's chunk loads. */
export function PageLoading() {
  return (
    <LinearProgress
      data-testid="page-loading"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}

import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissNotification, getCurrentNotification, subscribeToNotifications } from '../../lib/notify';

export const notificationAutoHideMs = 2000;

/** The shell's notification area: top centre, one message at a time (spec section 2). */
export function NotificationHost() {
  const notification = useSyncExternalStore(
    subscribeToNotifications,
    getCurrentNotification,
    getCurrentNotification,
  );
  if (!notification) return null;

  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') dismissNotification(notification.id);
  };

  return (
    <Snackbar
      key={notification.id}
      open
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={notificationAutoHideMs}
      onClose={close}
    >
      <Alert severity={notification.severity} variant="filled" onClose={close} data-testid="toast">
        {notification.message}
      </Alert>
    </Snackbar>
  );
}

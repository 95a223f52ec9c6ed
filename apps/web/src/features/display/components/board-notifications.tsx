import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import BoltIcon from '@mui/icons-material/Bolt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SpeedIcon from '@mui/icons-material/Speed';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { formatKwh } from '../lib/format';
import {
  notificationLimits,
  type BoardEvent,
  type BoardNotification,
  type NotificationQueue,
} from '../lib/board-state';

const looks: Record<BoardEvent['kind'], { color: string; Icon: typeof BoltIcon }> = {
  sessionStarted: { color: '#60A5FA', Icon: BoltIcon },
  sessionCompleted: { color: '#22C55E', Icon: CheckCircleIcon },
  faulted: { color: '#EF4444', Icon: ErrorIcon },
  offline: { color: '#94A3B8', Icon: CloudOffIcon },
  atCapacity: { color: '#F59E0B', Icon: SpeedIcon },
};

export function notificationText(t: TFunction, language: string, event: BoardEvent): string {
  switch (event.kind) {
    case 'sessionStarted':
      return t('display.notice.sessionStarted', { charger: event.charger });
    case 'sessionCompleted':
      return t('display.notice.sessionCompleted', {
        charger: event.charger,
        energy: formatKwh(language, event.energyWh),
      });
    case 'faulted':
      return t('display.notice.faulted', { charger: event.charger });
    case 'offline':
      return t('display.notice.offline', { charger: event.charger });
    case 'atCapacity':
      return t('display.notice.atCapacity');
  }
}

/** Up to three notifications side by side at the top centre of the board; each hides after a few seconds. */
export function BoardNotifications({
  queue,
  onHide,
}: {
  queue: NotificationQueue;
  onHide: (id: number) => void;
}) {
  return (
    <Box
      data-testid="display-notifications"
      aria-live="polite"
      sx={{
        position: 'absolute',
        top: '1.5vh',
        left: '50%',
        transform: 'translateX(-50%)',
        display: 'flex',
        // Side by side on a screen; stacked on a narrow portrait one (a phone), where a third of the width is too little.
        flexDirection: { xs: 'column', sm: 'row' },
        gap: '1vw',
        width: 'max-content',
        maxWidth: '96vw',
        pointerEvents: 'none',
        zIndex: 1,
      }}
    >
      {queue.shown.map((item) => (
        <Notification key={item.id} item={item} onHide={onHide} />
      ))}
    </Box>
  );
}

function Notification({ item, onHide }: { item: BoardNotification; onHide: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const { color, Icon } = looks[item.event.kind];
  useEffect(() => {
    const timer = setTimeout(() => onHide(item.id), notificationLimits.shownMs);
    return () => clearTimeout(timer);
  }, [item.id, onHide]);
  return (
    <Box
      data-testid="display-notification"
      data-kind={item.event.kind}
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: '0.6vw',
        minWidth: 0,
        maxWidth: { xs: '92vw', sm: '31vw' },
        px: '1.2vw',
        py: '1.2vh',
        borderRadius: 2,
        bgcolor: '#1E293B',
        border: `2px solid ${color}`,
        boxShadow: '0 8px 24px rgba(0,0,0,0.5)',
        '@keyframes display-notification-in': {
          from: { opacity: 0, transform: 'translateY(-1vh)' },
          to: { opacity: 1, transform: 'none' },
        },
        animation: 'display-notification-in 0.25s ease-out',
      }}
    >
      <Icon sx={{ color, fontSize: 'clamp(20px, 3.4vh, 40px)', flexShrink: 0 }} />
      {/* Shown whole: wrapped onto at most three lines (German and French run long), never cut mid-line. */}
      <Typography
        data-testid="display-notification-text"
        sx={{
          fontSize: 'clamp(13px, 2.2vh, 26px)',
          fontWeight: 600,
          lineHeight: 1.25,
          overflowWrap: 'anywhere',
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 3,
          overflow: 'hidden',
        }}
      >
        {notificationText(t, i18n.language, item.event)}
      </Typography>
    </Box>
  );
}

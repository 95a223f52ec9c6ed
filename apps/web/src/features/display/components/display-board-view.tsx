import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ChargerStatus, DisplayBoard, DisplayTile } from '@plugboard/contract';
import { SafeHtml } from '../../../components/ui/safe-html';
import { useTranslation } from '../../../lib/i18n';
import type { DisplayState } from '../api/use-display-board';
import { atCapacityShare, isLive, sitePowerW, type NotificationQueue } from '../lib/board-state';
import { formatElapsed, formatKw, formatKwh, siteClock, tileColumns } from '../lib/format';
import { BoardNotifications } from './board-notifications';

/** A tile's accent by what the status means to a driver: charging, free, waiting, fault, unreachable. */
const accentOf = (status: ChargerStatus, connected: boolean): string => {
  if (!connected || status === 'offline' || status === 'disconnected') return '#64748B';
  if (status === 'faulted') return '#EF4444';
  if (status === 'charging') return '#60A5FA';
  if (status === 'available' || status === 'ready' || status === 'online') return '#22C55E';
  if (status === 'unavailable') return '#64748B';
  return '#F59E0B';
};

/** Re-renders every `ms`: the clock and the elapsed times move by themselves. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export type DisplayBoardViewProps = {
  board: DisplayBoard | null;
  state: DisplayState;
  notifications: NotificationQueue;
  onHide: (id: number) => void;
};

/**
 * The display screen: a full-screen dark board of one site for a lobby or car-park TV. It fills the viewport and
 * never scrolls (tiles shrink to fit); when the server cannot be reached it keeps the last board and says so.
 */
export function DisplayBoardView({ board, state, notifications, onHide }: DisplayBoardViewProps) {
  const { t } = useTranslation();
  if (state === 'refused') {
    return (
      <FullScreenMessage testId="display-refused">
        <Typography sx={{ fontSize: 'clamp(20px, 4vh, 48px)', fontWeight: 600 }}>
          {t('display.refused')}
        </Typography>
        <Typography sx={{ fontSize: 'clamp(14px, 2.2vh, 28px)', color: 'text.secondary', mt: 2 }}>
          {t('display.refusedHint')}
        </Typography>
      </FullScreenMessage>
    );
  }
  if (!board) {
    return (
      <FullScreenMessage testId="display-loading" state={state}>
        <CircularProgress color="inherit" />
        <Typography sx={{ fontSize: 'clamp(16px, 3vh, 36px)', mt: 3 }}>
          {t(state === 'reconnecting' ? 'display.reconnecting' : 'display.connecting')}
        </Typography>
      </FullScreenMessage>
    );
  }
  return <Board board={board} state={state} notifications={notifications} onHide={onHide} />;
}

function FullScreenMessage({
  testId,
  state,
  children,
}: {
  testId: string;
  state?: DisplayState;
  children: React.ReactNode;
}) {
  return (
    <Box
      data-testid={testId}
      data-state={state}
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 4,
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      {children}
    </Box>
  );
}

function Board({
  board,
  state,
  notifications,
  onHide,
}: Required<DisplayBoardViewProps> & { board: DisplayBoard }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const clock = siteClock(i18n.language, board.timeZone, now);
  // Upright (a portrait display, a phone): the site's power and the notice go below the tiles, not beside them.
  const portrait = useMediaQuery('(orientation: portrait)');
  const columns = tileColumns(board.tiles.length, portrait);
  const rows = Math.max(1, Math.ceil(board.tiles.length / columns));
  return (
    <Box
      data-testid="display-board"
      data-state={state}
      data-portrait={portrait}
      sx={{
        position: 'fixed',
        inset: 0,
        // A screen shows everything at once; upright on a phone the tiles keep a readable height and the board
        // scrolls (fitted into the phone's height they were cut).
        overflow: portrait ? 'auto' : 'hidden',
        display: 'grid',
        gridTemplateRows: portrait ? 'auto auto' : 'auto minmax(0, 1fr)',
        alignContent: portrait ? 'start' : undefined,
        gap: '2vh',
        p: '2.5vh 2vw',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          // Upright, the name has the whole width and the clock goes below it, time and date on one line.
          ...(portrait
            ? { flexDirection: 'column', alignItems: 'stretch', gap: '1vh' }
            : { alignItems: 'center', gap: '2vw' }),
          minWidth: 0,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            component="h1"
            data-testid="display-site-name"
            sx={{
              fontSize: 'clamp(20px, 4.2vh, 52px)',
              fontWeight: 700,
              lineHeight: 1.15,
              // A long name (or a narrow screen) wraps onto a second line rather than being cut after a word.
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {board.siteName}
          </Typography>
          <ConnectionLine state={state} />
        </Box>
        <Box
          sx={
            portrait
              ? { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }
              : { textAlign: 'right' }
          }
          data-testid="display-clock"
          data-zone={board.timeZone}
        >
          {/* "11:15 AM" stays on one line: upright on a phone its "AM" went below the time. */}
          <Typography
            sx={{
              fontSize: 'clamp(28px, 6.5vh, 80px)',
              fontWeight: 700,
              lineHeight: 1,
              whiteSpace: 'nowrap',
            }}
          >
            {clock.time}
          </Typography>
          <Typography sx={{ fontSize: 'clamp(12px, 2vh, 24px)', color: 'text.secondary' }}>
            {clock.date}
          </Typography>
        </Box>
      </Box>

      <Box
        sx={{
          display: 'grid',
          ...(portrait
            ? { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'auto auto', alignContent: 'start' }
            : { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 30%)' }),
          gap: portrait ? '2vh' : '2vw',
          // Upright the board scrolls: nothing is squeezed to the screen's height.
          minHeight: portrait ? 'auto' : 0,
        }}
      >
        {board.tiles.length === 0 ? (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Typography sx={{ fontSize: 'clamp(16px, 3vh, 36px)', color: 'text.secondary' }}>
              {t('display.noChargers')}
            </Typography>
          </Box>
        ) : (
          <Box
            data-testid="display-tiles"
            sx={{
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gridTemplateRows: portrait
                ? `repeat(${rows}, clamp(150px, 22vh, 320px))`
                : `repeat(${rows}, minmax(0, 1fr))`,
              gap: '1.6vh',
              minHeight: portrait ? 'auto' : 0,
              // A tile never grows taller than reads well, even for a site of one charger.
              alignContent: 'start',
              maxHeight: portrait ? undefined : '100%',
            }}
          >
            {board.tiles.map((tile) => (
              <Tile key={tile.chargerId} tile={tile} now={now} rows={rows} />
            ))}
          </Box>
        )}
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: '2vh',
            minHeight: portrait ? 'auto' : 0,
          }}
        >
          <SitePower board={board} />
          {board.noticeHtml ? (
            <Box
              data-testid="display-notice"
              sx={{
                flex: 1,
                minHeight: 0,
                overflow: 'hidden',
                borderRadius: 2,
                bgcolor: 'background.paper',
                p: '2vh max(1.4vw, 12px)',
                fontSize: 'clamp(13px, 2.1vh, 26px)',
                lineHeight: 1.4,
                '& h1': { fontSize: '1.6em', m: '0 0 0.4em' },
                '& h2': { fontSize: '1.35em', m: '0 0 0.4em' },
                '& h3': { fontSize: '1.15em', m: '0 0 0.4em' },
                '& p': { m: '0 0 0.6em' },
                '& ul, & ol': { m: '0 0 0.6em', pl: '1.4em' },
                '& a': { color: 'primary.light' },
                '& blockquote': { m: '0 0 0.6em', pl: '0.8em', borderLeft: 3, borderColor: 'divider' },
                maskImage: 'linear-gradient(to bottom, black 85%, transparent)',
              }}
            >
              <SafeHtml html={board.noticeHtml} />
            </Box>
          ) : null}
        </Box>
      </Box>
      <BoardNotifications queue={notifications} onHide={onHide} />
    </Box>
  );
}

function ConnectionLine({ state }: { state: DisplayState }) {
  const { t } = useTranslation();
  const live = state === 'live';
  return (
    <Box
      data-testid="display-connection"
      data-state={state}
      role="status"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        fontSize: 'clamp(12px, 1.9vh, 22px)',
        // Not live: a pill that a passer-by notices, so a frozen figure is never taken for a live one.
        ...(live
          ? {}
          : {
              mt: 0.5,
              px: 1.5,
              py: 0.25,
              borderRadius: 99,
              bgcolor: 'rgba(245, 158, 11, 0.16)',
              fontWeight: 600,
            }),
      }}
    >
      <Box
        sx={{
          width: '0.7em',
          height: '0.7em',
          borderRadius: '50%',
          bgcolor: live ? 'success.main' : 'warning.main',
          '@keyframes display-pulse': { '50%': { opacity: 0.3 } },
          animation: live ? 'none' : 'display-pulse 1.2s ease-in-out infinite',
        }}
      />
      <Box component="span" sx={{ color: live ? 'text.secondary' : 'warning.main' }}>
        {t(live ? 'display.live' : state === 'reconnecting' ? 'display.reconnecting' : 'display.connecting')}
      </Box>
    </Box>
  );
}

function Tile({ tile, now, rows }: { tile: DisplayTile; now: number; rows: number }) {
  const { t, i18n } = useTranslation();
  const accent = accentOf(tile.status, tile.connected);
  const status = tile.connected ? tile.status : 'offline';
  // An offline charger's session shows its energy so far, never a power as if it flowed now.
  const powerW = isLive(tile) ? tile.powerW : null;
  // Type is sized by the tile itself (a size container): it reads the same whether the site has 2 chargers or 20.
  const size = (width: number, height: number, min = 11) => `max(${min}px, min(${width}cqw, ${height}cqh))`;
  return (
    <Box
      data-testid={`display-tile-${tile.chargerId}`}
      data-status={status}
      sx={{
        containerType: 'size',
        minHeight: 0,
        maxHeight: rows <= 1 ? '58vh' : undefined,
        overflow: 'hidden',
        borderRadius: 2,
        bgcolor: 'background.paper',
        borderTop: `0.6vh solid ${accent}`,
      }}
    >
      <Box
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: '5cqh 6cqw',
          gap: '2cqh',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontSize: size(9, 13, 13), fontWeight: 700, lineHeight: 1.15 }}>
            {tile.name}
          </Typography>
          <Typography
            noWrap
            data-testid={`display-tile-status-${tile.chargerId}`}
            sx={{ fontSize: size(6.5, 9.5, 12), color: accent, fontWeight: 600, lineHeight: 1.3 }}
          >
            {t(`chargers.status.${status}`)}
          </Typography>
        </Box>
        {tile.session ? (
          <>
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap sx={{ fontSize: size(4.6, 6.5, 11), color: 'text.secondary' }}>
                {t('display.power')}
              </Typography>
              <Typography
                noWrap
                data-testid={`display-tile-power-${tile.chargerId}`}
                data-power={powerW ?? ''}
                sx={{ fontSize: size(17, 24, 20), fontWeight: 700, lineHeight: 1 }}
              >
                {powerW === null ? '—' : formatKw(i18n.language, powerW)}
                <Box
                  component="span"
                  sx={{ fontSize: '0.4em', fontWeight: 500, ml: '0.25em', color: 'text.secondary' }}
                >
                  kW
                </Box>
              </Typography>
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '4cqw' }}>
              <Figure
                label={t('display.energy')}
                value={formatKwh(i18n.language, tile.session.energyWh)}
                unit="kWh"
                size={size(8, 11.5, 14)}
                labelSize={size(4.6, 6.5, 11)}
                testId={`display-tile-energy-${tile.chargerId}`}
              />
              <Figure
                label={t('display.elapsed')}
                value={formatElapsed(tile.session.startTime, now)}
                size={size(8, 11.5, 14)}
                labelSize={size(4.6, 6.5, 11)}
                testId={`display-tile-elapsed-${tile.chargerId}`}
              />
            </Box>
          </>
        ) : (
          <Typography sx={{ fontSize: size(6, 8.5, 12), color: 'text.secondary' }} noWrap>
            {tile.status === 'faulted' && tile.errorCode ? tile.errorCode : t('display.noSession')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function Figure({
  label,
  value,
  unit,
  size,
  labelSize,
  testId,
}: {
  label: string;
  value: string;
  unit?: string;
  size: string;
  labelSize: string;
  testId: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography noWrap sx={{ fontSize: labelSize, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography noWrap data-testid={testId} sx={{ fontSize: size, fontWeight: 700, lineHeight: 1.1 }}>
        {value}
        {unit ? (
          <Box
            component="span"
            sx={{ fontSize: '0.5em', fontWeight: 500, ml: '0.25em', color: 'text.secondary' }}
          >
            {unit}
          </Box>
        ) : null}
      </Typography>
    </Box>
  );
}

function SitePower({ board }: { board: DisplayBoard }) {
  const { t, i18n } = useTranslation();
  const power = sitePowerW(board.tiles);
  const share = board.capacityW > 0 ? power / board.capacityW : 0;
  const color = share >= atCapacityShare ? 'error.main' : share >= 0.85 ? 'warning.main' : 'primary.main';
  const phases =
    board.phases === 3
      ? ([
          ['L1', board.capacityL1, (tile: DisplayTile) => tile.currentL1],
          ['L2', board.capacityL2, (tile: DisplayTile) => tile.currentL2],
          ['L3', board.capacityL3, (tile: DisplayTile) => tile.currentL3],
        ] as const)
      : [];
  return (
    <Box
      data-testid="display-site-power"
      data-power={power}
      data-capacity={board.capacityW}
      sx={{ borderRadius: 2, bgcolor: 'background.paper', p: '2vh max(1.4vw, 12px)' }}
    >
      <Typography sx={{ fontSize: 'clamp(12px, 2vh, 24px)', color: 'text.secondary' }}>
        {t('display.sitePower')}
      </Typography>
      <Typography sx={{ fontSize: 'clamp(20px, 5vh, 60px)', fontWeight: 700, lineHeight: 1.1 }}>
        {formatKw(i18n.language, power)}
        <Box
          component="span"
          sx={{ fontSize: '0.45em', fontWeight: 500, color: 'text.secondary', ml: '0.3em' }}
        >
          {t('display.ofCapacity', { capacity: formatKw(i18n.language, board.capacityW) })}
        </Box>
      </Typography>
      <Bar share={share} color={color} height="1.4vh" />
      {phases.map(([phase, capacity, currentOf]) => {
        const amps = board.tiles.reduce((sum, tile) => sum + (tile.session ? (currentOf(tile) ?? 0) : 0), 0);
        const phaseShare = capacity ? amps / capacity : 0;
        return (
          <Box key={phase} sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: '1vh' }}>
            <Typography
              sx={{ fontSize: 'clamp(11px, 1.7vh, 20px)', width: '2.2em', color: 'text.secondary' }}
            >
              {phase}
            </Typography>
            <Box sx={{ flex: 1 }}>
              <Bar
                share={phaseShare}
                color={phaseShare >= atCapacityShare ? 'error.main' : 'primary.main'}
                height="0.8vh"
              />
            </Box>
            <Typography
              sx={{ fontSize: 'clamp(11px, 1.7vh, 20px)', color: 'text.secondary', whiteSpace: 'nowrap' }}
            >
              {Math.round(amps)} / {capacity ?? '—'} A
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

function Bar({ share, color, height }: { share: number; color: string; height: string }) {
  return (
    <Box sx={{ mt: '1vh', height, borderRadius: height, bgcolor: 'action.hover', overflow: 'hidden' }}>
      <Box
        sx={{
          height: '100%',
          width: `${Math.min(100, Math.max(0, share * 100)).toFixed(1)}%`,
          bgcolor: color,
          transition: 'width 0.6s ease',
        }}
      />
    </Box>
  );
}

import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Charger, Reservation } from '@plugboard/contract';
import { wallClockOf, zonedInstant } from '@plugboard/pricing';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useCancelReservation } from '../api/cancel-reservation';
import { useReservations } from '../api/get-reservations';
import { useReserveConnector } from '../api/reserve-connector';
import { formatDateTime } from '../lib/format';
import { Section } from './detail-section';

export type ChargerReservationsProps = { charger: Charger };

const pad = (n: number) => String(n).padStart(2, '0');
/** The value of a datetime-local input for an instant, on the site's wall clock. */
const toLocalInput = (at: Date, timeZone: string) => {
  const w = wallClockOf(at, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
};
/** The instant a datetime-local value names on the site's wall clock; null when incomplete. */
const fromLocalInput = (value: string, timeZone: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return zonedInstant(timeZone, y, mo, d, h, mi);
};

/**
 * The charger's reservations (OCPP ReserveNow / CancelReservation): which connector is reserved for which card until
 * when, in the site's time zone; reserve and cancel behind the confirm dialog, the charger's answer shown.
 */
export function ChargerReservations({ charger }: ChargerReservationsProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const reservations = useReservations(charger.id);
  const cancel = useCancelReservation();
  const [reserving, setReserving] = useState(false);
  const name = charger.alias || charger.productCode;
  const connectorName = (id: number) =>
    id === 0 ? t('chargers.reservations.anyConnector') : t('chargers.details.connector', { id });
  const until = (iso: string) => formatDateTime(i18n.language, iso, timeZone);

  const cancelOne = async (r: Reservation) => {
    const confirmed = await confirm({
      title: t('chargers.reservations.cancelTitle'),
      content: t('chargers.reservations.cancelConfirm', {
        connector: connectorName(r.connectorId),
        card: r.idTag,
        name,
      }),
      confirmText: t('chargers.reservations.cancel'),
      type: 'warning',
    });
    if (!confirmed) return;
    cancel.mutate(
      { chargerId: charger.id, reservationId: r.id },
      {
        onSuccess: ({ status }) =>
          notify({
            message: t(`chargers.reservations.cancelAnswer.${status}`),
            severity: status === 'Accepted' ? 'success' : 'warning',
          }),
      },
    );
  };

  const list = reservations.data?.list ?? [];
  return (
    <Section title={t('chargers.reservations.title')}>
      {list.map((r) => (
        <Stack
          key={r.id}
          direction="row"
          spacing={1}
          alignItems="center"
          justifyContent="space-between"
          data-testid="charger-reservation"
        >
          <Typography variant="body2">
            {t('chargers.reservations.item', {
              connector: connectorName(r.connectorId),
              card: r.idTag,
              until: until(r.expiryDate),
            })}
          </Typography>
          <Button
            size="small"
            color="warning"
            disabled={cancel.isPending}
            onClick={() => void cancelOne(r)}
            data-testid="charger-reservation-cancel"
          >
            {t('chargers.reservations.cancel')}
          </Button>
        </Stack>
      ))}
      {list.length === 0 && (
        <Typography color="text.secondary" variant="body2" data-testid="charger-reservations-none">
          {t('chargers.reservations.none')}
        </Typography>
      )}
      <Button
        variant="outlined"
        size="small"
        disabled={!charger.connected}
        onClick={() => setReserving(true)}
        data-testid="charger-reserve"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('chargers.reservations.reserve')}
      </Button>
      {reserving && (
        <ReserveDialog
          charger={charger}
          timeZone={timeZone}
          connectorName={connectorName}
          onClose={() => setReserving(false)}
        />
      )}
    </Section>
  );
}

type ReserveDialogProps = {
  charger: Charger;
  timeZone: string;
  connectorName: (id: number) => string;
  onClose: () => void;
};

function ReserveDialog({ charger, timeZone, connectorName, onClose }: ReserveDialogProps) {
  const { t, i18n } = useTranslation();
  const reserve = useReserveConnector();
  const outlets = charger.connectors.filter((c) => c.connectorId > 0).map((c) => c.connectorId);
  const [connectorId, setConnectorId] = useState(outlets.length === 1 ? (outlets[0] ?? 0) : 0);
  const [idTag, setIdTag] = useState('');
  const [untilText, setUntilText] = useState(() => toLocalInput(new Date(Date.now() + 3600_000), timeZone));
  const [error, setError] = useState<string | null>(null);
  const name = charger.alias || charger.productCode;

  const submit = async () => {
    const expiry = fromLocalInput(untilText, timeZone);
    if (idTag.trim() === '') return setError(t('chargers.reservations.cardRequired'));
    if (!expiry || expiry.getTime() <= Date.now()) return setError(t('chargers.reservations.untilFuture'));
    setError(null);
    const confirmed = await confirm({
      title: t('chargers.reservations.reserveTitle'),
      content: t('chargers.reservations.reserveConfirm', {
        connector: connectorName(connectorId),
        name,
        card: idTag.trim(),
        until: formatDateTime(i18n.language, expiry.toISOString(), timeZone),
      }),
      confirmText: t('chargers.reservations.reserve'),
    });
    if (!confirmed) return;
    reserve.mutate(
      { chargerId: charger.id, connectorId, idTag: idTag.trim(), expiryDate: expiry.toISOString() },
      {
        onSuccess: ({ status }) => {
          notify({
            message: t(`chargers.reservations.answer.${status}`),
            severity: status === 'Accepted' ? 'success' : 'warning',
          });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="reserve-dialog">
      <DialogTitle>{t('chargers.reservations.reserveTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={t('chargers.reservations.connector')}
            value={connectorId}
            onChange={(e) => setConnectorId(Number(e.target.value))}
            slotProps={{ htmlInput: { 'data-testid': 'reserve-connector' } }}
          >
            {[0, ...outlets].map((id) => (
              <MenuItem key={id} value={id}>
                {connectorName(id)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('chargers.reservations.card')}
            value={idTag}
            onChange={(e) => setIdTag(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'reserve-card' } }}
          />
          <TextField
            type="datetime-local"
            label={t('chargers.reservations.until')}
            value={untilText}
            onChange={(e) => setUntilText(e.target.value)}
            helperText={error ?? t('chargers.reservations.timeZone', { timeZone })}
            error={error !== null}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'reserve-until' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={reserve.isPending}
          onClick={() => void submit()}
          data-testid="reserve-submit"
        >
          {t('chargers.reservations.reserve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

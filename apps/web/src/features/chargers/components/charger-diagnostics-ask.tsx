import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { diagnosticsKinds, type Charger, type Diagnostics, type DiagnosticsKind } from '@plugboard/contract';
import { zonedInstant } from '@plugboard/pricing';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { useRequestDiagnostics } from '../api/request-diagnostics';

export type ChargerDiagnosticsAskProps = { charger: Charger };

/** The instant a datetime-local value names on the site's wall clock; undefined when empty or incomplete. */
const fromLocalInput = (value: string, timeZone: string): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return zonedInstant(timeZone, y, mo, d, h, mi).toISOString();
};

/**
 * Asks the charger for its diagnostics (GetDiagnostics) or a log (GetLog: diagnostics or security log), with an
 * optional time window on the site's wall clock, behind the confirm dialog; the charger's answer is shown.
 */
export function ChargerDiagnosticsAsk({ charger }: ChargerDiagnosticsAskProps) {
  const { t } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const request = useRequestDiagnostics();
  const [kind, setKind] = useState<DiagnosticsKind>('Diagnostics');
  const [fromText, setFromText] = useState('');
  const [toText, setToText] = useState('');
  const name = charger.alias || charger.productCode;
  const isLog = kind !== 'Diagnostics';
  const from = fromLocalInput(fromText, timeZone);
  const to = fromLocalInput(toText, timeZone);
  const windowError = from && to && from >= to ? t('chargers.diagnostics.windowOrder') : null;

  const answered = (d: Diagnostics) => {
    if (d.answer === 'Rejected')
      notify({ message: t('chargers.diagnostics.logRejected'), severity: 'warning' });
    else if (!d.fileName)
      notify({
        message: t(isLog ? 'chargers.diagnostics.logNoName' : 'chargers.diagnostics.noFile'),
        severity: isLog ? 'success' : 'warning',
      });
    else
      notify({
        message:
          d.answer === 'AcceptedCanceled'
            ? t('chargers.diagnostics.logCanceled', { fileName: d.fileName })
            : t('chargers.diagnostics.requested', { fileName: d.fileName }),
        severity: 'success',
      });
  };

  const ask = async () => {
    const confirmed = await confirm({
      title: t(isLog ? 'chargers.diagnostics.requestLogTitle' : 'chargers.diagnostics.requestTitle'),
      content: !isLog
        ? t('chargers.diagnostics.requestConfirm', { name })
        : t('chargers.diagnostics.requestLogConfirm', {
            name,
            kind: t(`chargers.diagnostics.kinds.${kind}`),
          }),
      confirmText: t(isLog ? 'chargers.diagnostics.requestLog' : 'chargers.diagnostics.request'),
    });
    if (!confirmed) return;
    request.mutate(
      { chargerId: charger.id, kind, ...(from && { from }), ...(to && { to }) },
      { onSuccess: answered },
    );
  };

  const dateField = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <TextField
      type="datetime-local"
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    />
  );

  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <TextField
        select
        size="small"
        label={t('chargers.diagnostics.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as DiagnosticsKind)}
        slotProps={{
          select: { SelectDisplayProps: { 'data-testid': 'charger-diagnostics-kind' } as object },
        }}
      >
        {diagnosticsKinds.map((k) => (
          <MenuItem key={k} value={k} data-testid={`charger-diagnostics-kind-${k}`}>
            {t(`chargers.diagnostics.kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {dateField(t('chargers.diagnostics.from'), fromText, setFromText, 'charger-diagnostics-from')}
        {dateField(t('chargers.diagnostics.to'), toText, setToText, 'charger-diagnostics-to')}
      </Stack>
      <Typography
        variant="caption"
        color={windowError ? 'error' : 'text.secondary'}
        data-testid="charger-diagnostics-window"
      >
        {windowError ?? t('chargers.diagnostics.window', { timeZone })}
      </Typography>
      <Button
        variant="outlined"
        size="small"
        disabled={!charger.connected || request.isPending || windowError !== null}
        onClick={() => void ask()}
        data-testid="charger-diagnostics-request"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t(isLog ? 'chargers.diagnostics.requestLog' : 'chargers.diagnostics.request')}
      </Button>
    </Stack>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { extendedTriggerableMessages, type ExtendedTriggerableMessage } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { useExtendedTriggerMessage } from '../api/extended-trigger-message';
import { answerSeverity } from '../lib/answer';

export type ExtendedTriggerCardProps = {
  chargerId: number;
  name: string;
  connected: boolean;
  /** The connector ids the charger reported (1..n). */
  connectorIds: number[];
};

/** Messages that can name one connector (the whitepaper's connectorId is for these only). */
const perConnector: readonly ExtendedTriggerableMessage[] = ['StatusNotification', 'MeterValues'];

/**
 * ExtendedTriggerMessage of the OCPP 1.6 security whitepaper: TriggerMessage's messages plus the security ones
 * (LogStatusNotification, the signed FirmwareStatusNotification, SignChargePointCertificate). Asked first; the
 * charger's answer (Accepted, Rejected, NotImplemented) shown here.
 */
export function ExtendedTriggerCard({ chargerId, name, connected, connectorIds }: ExtendedTriggerCardProps) {
  const { t } = useTranslation();
  const trigger = useExtendedTriggerMessage();
  const [message, setMessage] = useState<ExtendedTriggerableMessage>('FirmwareStatusNotification');
  const [connector, setConnector] = useState<number | ''>('');
  const [answer, setAnswer] = useState<string | null>(null);
  const withConnector = perConnector.includes(message);

  const send = async () => {
    const confirmed = await confirm({
      title: t('chargerTools.extendedTrigger.title'),
      content: t('chargerTools.operations.triggerConfirm', { message, name }),
      confirmText: t('chargerTools.operations.send'),
      type: 'primary',
    });
    if (!confirmed) return;
    setAnswer(null);
    trigger.mutate(
      {
        chargerId,
        requestedMessage: message,
        ...(withConnector && connector !== '' && { connectorId: connector }),
      },
      { onSuccess: ({ status }) => setAnswer(status) },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="extended-trigger">
      <Typography variant="subtitle1" component="h2">
        {t('chargerTools.extendedTrigger.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('chargerTools.extendedTrigger.help')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ sm: 'center' }}
        useFlexGap
        flexWrap="wrap"
      >
        <TextField
          select
          size="small"
          label={t('chargerTools.operations.message')}
          value={message}
          onChange={(event) => setMessage(event.target.value as ExtendedTriggerableMessage)}
          sx={{ minWidth: { sm: 280 } }}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'extended-trigger-message' } }}
        >
          {extendedTriggerableMessages.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        {withConnector && (
          <TextField
            select
            size="small"
            label={t('chargerTools.operations.target')}
            value={connector}
            onChange={(event) => setConnector(event.target.value === '' ? '' : Number(event.target.value))}
            sx={{ minWidth: { sm: 200 } }}
            fullWidth
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'extended-trigger-connector' },
            }}
          >
            <MenuItem value="">{t('chargerTools.operations.allConnectors')}</MenuItem>
            {connectorIds.map((id) => (
              <MenuItem key={id} value={id}>
                {t('chargerTools.operations.connector', { id })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button
          variant="outlined"
          disabled={!connected || trigger.isPending}
          loading={trigger.isPending}
          onClick={() => void send()}
          data-testid="extended-trigger-send"
        >
          {t('chargerTools.operations.trigger')}
        </Button>
      </Stack>
      {answer && (
        <Alert severity={answerSeverity(answer)} sx={{ mt: 1.5 }} data-testid="extended-trigger-answer">
          {t('chargerTools.operations.answer', {
            operation: message,
            status: t(`chargerTools.status.${answer as 'Accepted'}`),
          })}
        </Alert>
      )}
    </Paper>
  );
}

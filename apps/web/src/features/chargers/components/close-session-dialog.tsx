import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { closeReasonMax, type Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCloseSession } from '../api/close-session';

export type CloseSessionDialogProps = { charger: Charger; open: boolean; onClose: () => void };

/**
 * A session the charger cannot stop (it is offline) or no longer runs (it restarted or reported the connector free
 * without a StopTransaction, or refused to stop it): the operator closes it, saying why. It is priced from its last
 * meter reading; a StopTransaction the charger sends later still corrects it. Only the sessions the server marks
 * closable are offered.
 */
export function CloseSessionDialog({ charger, open, onClose }: CloseSessionDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="charger-close-session-dialog">
      {open && <CloseBody charger={charger} onClose={onClose} />}
    </Dialog>
  );
}

function CloseBody({ charger, onClose }: Omit<CloseSessionDialogProps, 'open'>) {
  const { t } = useTranslation();
  const close = useCloseSession();
  const sessions = charger.ongoingSessions.filter((s) => s.closable);
  const [chosen, setChosen] = useState<number | null>(null);
  // The list may change under the open dialog (a refusal to stop opens it before the charger's row is read again).
  const sessionId = sessions.find((s) => s.id === chosen)?.id ?? sessions[0]?.id;
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  const explainKey = !charger.connected
    ? 'chargers.closeSession.explain'
    : sessions.length > 0
      ? 'chargers.closeSession.explainOnline'
      : 'chargers.closeSession.explainWaiting';

  const submit = () => {
    setTried(true);
    if (missing || close.isPending || sessionId === undefined) return;
    close.mutate(
      { chargerId: charger.id, sessionId, reason: reason.trim() },
      {
        onSuccess: (session) => {
          notify({ message: t('chargers.closeSession.done', { id: session.id }), severity: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <>
      <DialogTitle>{t('chargers.closeSession.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography data-testid="charger-close-session-explain">
            {t(explainKey, { name: charger.alias || charger.productCode })}
          </Typography>
          {sessions.length > 1 && (
            <RadioGroup value={sessionId ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
              {sessions.map((s) => (
                <FormControlLabel
                  key={s.id}
                  value={s.id}
                  control={<Radio data-testid={`charger-close-session-${s.id}`} />}
                  label={t('chargers.choose.session', { connector: s.connectorId, id: s.id })}
                />
              ))}
            </RadioGroup>
          )}
          <TextField
            label={t('chargers.closeSession.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={tried && missing}
            helperText={tried && missing ? t('chargers.closeSession.reasonRequired') : undefined}
            fullWidth
            multiline
            slotProps={{
              htmlInput: { maxLength: closeReasonMax, 'data-testid': 'charger-close-session-reason' },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="charger-close-session-cancel">
          {t('confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          loading={close.isPending}
          disabled={sessionId === undefined}
          onClick={submit}
          data-testid="charger-close-session-submit"
        >
          {t('chargers.closeSession.submit')}
        </Button>
      </DialogActions>
    </>
  );
}

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
import Typography from '@mui/material/Typography';
import type { ChargerStatus } from '@plugboard/contract';
import { useFullScreenDialog } from '../../../components/ui/use-full-screen-dialog';
import { useTranslation } from '../../../lib/i18n';
import { ChargerStatusChip } from './charger-status-chip';

/** One connector (to start on) or one session (to stop) the operator may pick. */
export type ConnectorChoice = {
  value: number;
  label: string;
  status?: ChargerStatus;
  disabled?: boolean;
};

export type ConnectorChoiceDialogProps = {
  open: boolean;
  title: string;
  question: string;
  confirmText: string;
  choices: ConnectorChoice[];
  color?: 'primary' | 'warning';
  onClose: () => void;
  onConfirm: (value: number) => void;
  testId: string;
};

/** A charger with several connectors: which connector to start on, or which of its sessions to stop. */
export function ConnectorChoiceDialog(props: ConnectorChoiceDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
      data-testid={props.testId}
    >
      {/* Mounted while open, so that each opening starts from the first choice that may be taken. */}
      {props.open && <ChoiceBody {...props} />}
    </Dialog>
  );
}

function ChoiceBody({
  title,
  question,
  confirmText,
  choices,
  color,
  onClose,
  onConfirm,
}: ConnectorChoiceDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => choices.find((c) => !c.disabled)?.value ?? null);
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{question}</Typography>
        <RadioGroup value={value ?? ''} onChange={(event) => setValue(Number(event.target.value))}>
          {choices.map((choice) => (
            <FormControlLabel
              key={choice.value}
              value={choice.value}
              disabled={choice.disabled}
              control={<Radio data-testid={`connector-choice-${choice.value}`} />}
              label={
                <Stack direction="row" spacing={1} alignItems="center">
                  <span>{choice.label}</span>
                  {choice.status && <ChargerStatusChip status={choice.status} />}
                </Stack>
              }
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="connector-choice-cancel">
          {t('confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          color={color ?? 'primary'}
          disabled={value === null}
          onClick={() => value !== null && onConfirm(value)}
          data-testid="connector-choice-ok"
        >
          {confirmText}
        </Button>
      </DialogActions>
    </>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { triggerableMessages } from '@plugboard/contract';
import { confirm, type ConfirmType } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { useRevealWhen } from '../../../lib/reveal';
import { useChangeAvailability } from '../api/change-availability';
import { useClearCache } from '../api/clear-cache';
import { useTriggerMessage } from '../api/trigger-message';
import { useUnlockConnector } from '../api/unlock-connector';
import { answerSeverity } from '../lib/answer';
import { DataTransferCard } from './data-transfer-card';
import { ExtendedTriggerCard } from './extended-trigger-card';
import { ToolCard } from '../../../components/ui/tool-card';
import { TriggerCard } from './trigger-card';

export type ChargerOperationsProps = {
  chargerId: number;
  name: string;
  connected: boolean;
  /** The connector ids the charger reported (1..n). */
  connectorIds: number[];
};

type Operation = 'availability' | 'unlock' | 'clearCache' | 'trigger';
type Answer = { operation: Operation; status: string };

/** ChangeAvailability, UnlockConnector, ClearCache and TriggerMessage, each asked first and its answer shown. */
export function ChargerOperations({ chargerId, name, connected, connectorIds }: ChargerOperationsProps) {
  const { t } = useTranslation();
  const availability = useChangeAvailability();
  const unlock = useUnlockConnector();
  const clearCache = useClearCache();
  const trigger = useTriggerMessage();
  const [answer, setAnswer] = useState<Answer | null>(null);
  // The answer shows above the cards: on a phone the card asked may be far below it.
  const answerRef = useRevealWhen<HTMLDivElement>(answer);
  const [availabilityConnector, setAvailabilityConnector] = useState(0);
  const [unlockConnector, setUnlockConnector] = useState(connectorIds[0] ?? 1);
  const busy = [availability, unlock, clearCache, trigger].some((m) => m.isPending);
  const connectorName = (id: number) =>
    id === 0 ? t('chargerTools.operations.wholeCharger') : t('chargerTools.operations.connector', { id });

  const ask = (title: string, content: string, type: ConfirmType = 'warning') =>
    confirm({ title, content, confirmText: t('chargerTools.operations.send'), type });
  const answered = (operation: Operation) => ({
    onSuccess: ({ status }: { status: string }) => setAnswer({ operation, status }),
  });

  const changeAvailability = async (type: 'Operative' | 'Inoperative') => {
    const target = connectorName(availabilityConnector);
    if (
      !(await ask(
        t(`chargerTools.operations.${type}`),
        t(`chargerTools.operations.${type}Confirm`, { target, name }),
      ))
    )
      return;
    availability.mutate({ chargerId, connectorId: availabilityConnector, type }, answered('availability'));
  };
  const unlockNow = async () => {
    const target = connectorName(unlockConnector);
    if (
      !(await ask(
        t('chargerTools.operations.unlock'),
        t('chargerTools.operations.unlockConfirm', { target, name }),
      ))
    )
      return;
    unlock.mutate({ chargerId, connectorId: unlockConnector }, answered('unlock'));
  };
  const clear = async () => {
    if (
      !(await ask(
        t('chargerTools.operations.clearCache'),
        t('chargerTools.operations.clearCacheConfirm', { name }),
      ))
    )
      return;
    clearCache.mutate({ chargerId }, answered('clearCache'));
  };
  const connectorSelect = (
    label: string,
    value: number,
    onChange: (value: number) => void,
    ids: number[],
    testId: string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: { sm: 200 } }}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      {ids.map((id) => (
        <MenuItem key={id} value={id}>
          {connectorName(id)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2} data-testid="charger-operations">
      {!connected && <Alert severity="info">{t('chargerTools.offline')}</Alert>}
      {answer && (
        <Alert
          ref={answerRef}
          severity={answerSeverity(answer.status)}
          data-testid="operation-answer"
          onClose={() => setAnswer(null)}
        >
          {t('chargerTools.operations.answer', {
            operation: t(`chargerTools.operations.${answer.operation}`),
            status: t(`chargerTools.status.${answer.status as 'Accepted'}`),
          })}
        </Alert>
      )}
      <ToolCard
        title={t('chargerTools.operations.availability')}
        help={t('chargerTools.operations.availabilityHelp')}
      >
        {connectorSelect(
          t('chargerTools.operations.target'),
          availabilityConnector,
          setAvailabilityConnector,
          [0, ...connectorIds],
          'availability-connector',
        )}
        <Button
          variant="outlined"
          color="warning"
          disabled={!connected || busy}
          onClick={() => void changeAvailability('Inoperative')}
          data-testid="availability-inoperative"
        >
          {t('chargerTools.operations.Inoperative')}
        </Button>
        <Button
          variant="outlined"
          disabled={!connected || busy}
          onClick={() => void changeAvailability('Operative')}
          data-testid="availability-operative"
        >
          {t('chargerTools.operations.Operative')}
        </Button>
      </ToolCard>
      <ToolCard title={t('chargerTools.operations.unlock')} help={t('chargerTools.operations.unlockHelp')}>
        {connectorSelect(
          t('chargerTools.operations.target'),
          unlockConnector,
          setUnlockConnector,
          connectorIds,
          'unlock-connector',
        )}
        <Button
          variant="outlined"
          color="warning"
          disabled={!connected || busy}
          onClick={() => void unlockNow()}
          data-testid="unlock-send"
        >
          {t('chargerTools.operations.unlock')}
        </Button>
      </ToolCard>
      <ToolCard
        title={t('chargerTools.operations.clearCache')}
        help={t('chargerTools.operations.clearCacheHelp')}
      >
        <Button
          variant="outlined"
          disabled={!connected || busy}
          onClick={() => void clear()}
          data-testid="clear-cache-send"
        >
          {t('chargerTools.operations.clearCache')}
        </Button>
      </ToolCard>
      <TriggerCard
        title={t('chargerTools.operations.trigger')}
        help={t('chargerTools.operations.triggerHelp')}
        messages={triggerableMessages}
        initial="StatusNotification"
        name={name}
        connected={connected}
        busy={busy}
        connectorIds={connectorIds}
        testIds="trigger"
        messageWidth={260}
        onSend={(request) => trigger.mutate({ chargerId, ...request }, answered('trigger'))}
      />
      <ExtendedTriggerCard
        chargerId={chargerId}
        name={name}
        connected={connected}
        connectorIds={connectorIds}
      />
      <DataTransferCard chargerId={chargerId} name={name} connected={connected} />
    </Stack>
  );
}

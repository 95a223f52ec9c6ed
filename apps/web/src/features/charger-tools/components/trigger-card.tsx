import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { ToolCard } from '../../../components/ui/tool-card';

/** What is sent: the message, and for a per-connector one the connector (none: all of them). */
export type TriggerRequest<M extends string> = { requestedMessage: M; connectorId?: number };

export type TriggerCardProps<M extends string> = {
  /** The card's title, also the confirmation's. */
  title: string;
  help: string;
  /** The messages offered, in their order, and the one chosen at first. */
  messages: readonly M[];
  initial: M;
  /** The charger's name, in the confirmation. */
  name: string;
  connected: boolean;
  /** Another request of the charger is under way (sending waits). */
  busy: boolean;
  /** This card's own request is under way (its button spins). */
  pending?: boolean;
  /** The connector ids the charger reported (1..n). */
  connectorIds: number[];
  /** The test ids' prefix: `${testIds}-message`, `-connector`, `-send`. */
  testIds: string;
  /** The message select's smallest width from sm up. */
  messageWidth: number;
  /** Called once the operator confirmed. */
  onSend: (request: TriggerRequest<M>) => void;
  footer?: ReactNode;
  testId?: string;
};

/** Messages that can name one connector (TriggerMessage's and ExtendedTriggerMessage's connectorId). */
const perConnector: readonly string[] = ['StatusNotification', 'MeterValues'];

/**
 * TriggerMessage (OCPP 1.6) and ExtendedTriggerMessage (security whitepaper) alike: a message, a connector for the
 * ones that name one, asked first, then sent. Where the answer shows is the caller's.
 */
export function TriggerCard<M extends string>({
  title,
  help,
  messages,
  initial,
  name,
  connected,
  busy,
  pending = false,
  connectorIds,
  testIds,
  messageWidth,
  onSend,
  footer,
  testId,
}: TriggerCardProps<M>) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<M>(initial);
  const [connector, setConnector] = useState<number | ''>('');
  const withConnector = perConnector.includes(message);

  const send = async () => {
    const confirmed = await confirm({
      title,
      content: t('chargerTools.operations.triggerConfirm', { message, name }),
      confirmText: t('chargerTools.operations.send'),
      type: 'primary',
    });
    if (!confirmed) return;
    onSend({
      requestedMessage: message,
      ...(withConnector && connector !== '' && { connectorId: connector }),
    });
  };

  return (
    <ToolCard title={title} help={help} footer={footer} testId={testId}>
      <TextField
        select
        size="small"
        label={t('chargerTools.operations.message')}
        value={message}
        onChange={(event) => setMessage(event.target.value as M)}
        sx={{ minWidth: { sm: messageWidth } }}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': `${testIds}-message` } }}
      >
        {messages.map((m) => (
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
            htmlInput: { 'data-testid': `${testIds}-connector` },
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
        disabled={!connected || busy}
        loading={pending}
        onClick={() => void send()}
        data-testid={`${testIds}-send`}
      >
        {t('chargerTools.operations.trigger')}
      </Button>
    </ToolCard>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { extendedTriggerableMessages, type ExtendedTriggerableMessage } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useExtendedTriggerMessage } from '../api/extended-trigger-message';
import { answerSeverity } from '../lib/answer';
import { TriggerCard } from './trigger-card';

export type ExtendedTriggerCardProps = {
  chargerId: number;
  name: string;
  connected: boolean;
  /** The connector ids the charger reported (1..n). */
  connectorIds: number[];
};

/**
 * ExtendedTriggerMessage of the OCPP 1.6 security whitepaper: TriggerMessage's messages plus the security ones
 * (LogStatusNotification, the signed FirmwareStatusNotification, SignChargePointCertificate). Asked first; the
 * charger's answer (Accepted, Rejected, NotImplemented) shown here.
 */
export function ExtendedTriggerCard({ chargerId, name, connected, connectorIds }: ExtendedTriggerCardProps) {
  const { t } = useTranslation();
  const trigger = useExtendedTriggerMessage();
  const [answer, setAnswer] = useState<{ message: ExtendedTriggerableMessage; status: string } | null>(null);

  return (
    <TriggerCard
      title={t('chargerTools.extendedTrigger.title')}
      help={t('chargerTools.extendedTrigger.help')}
      messages={extendedTriggerableMessages}
      initial="FirmwareStatusNotification"
      name={name}
      connected={connected}
      busy={trigger.isPending}
      pending={trigger.isPending}
      connectorIds={connectorIds}
      testIds="extended-trigger"
      testId="extended-trigger"
      messageWidth={280}
      onSend={(request) => {
        setAnswer(null);
        trigger.mutate(
          { chargerId, ...request },
          { onSuccess: ({ status }) => setAnswer({ message: request.requestedMessage, status }) },
        );
      }}
      footer={
        answer && (
          <Alert
            severity={answerSeverity(answer.status)}
            sx={{ mt: 1.5 }}
            data-testid="extended-trigger-answer"
          >
            {t('chargerTools.operations.answer', {
              operation: answer.message,
              status: t(`chargerTools.status.${answer.status as 'Accepted'}`),
            })}
          </Alert>
        )
      }
    />
  );
}

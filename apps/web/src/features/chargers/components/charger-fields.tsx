import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { firmwareProgress, isFirmwareStatus } from '../lib/firmware';
import { formatDateTime, formatNumber, noValue } from '../lib/format';
import { ChargerAliasField } from './charger-alias-field';
import { ChargerSecurityField } from './charger-security-field';
import { ChargerStatusChip } from './charger-status-chip';
import { EditChargerDialog } from './edit-charger-dialog';
import { Field, Section } from './detail-section';

export type ChargerFieldsProps = { charger: Charger };

/** Every field of spec section 3 for one charger, grouped as an installer reads them. */
export function ChargerFields({ charger }: ChargerFieldsProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const [editing, setEditing] = useState(false);
  const number = (value: number, decimals?: number) => formatNumber(i18n.language, value, decimals);
  const amperes = (value: number | null) =>
    value === null ? noValue : t('chargers.units.amperes', { value: number(value) });

  const firmwareStatus = isFirmwareStatus(charger.firmwareStatus) ? charger.firmwareStatus : null;
  const progress = firmwareStatus ? firmwareProgress(firmwareStatus) : null;
  const sessions = charger.ongoingSessions;

  return (
    <>
      <Section title={t('chargers.details.general')}>
        <Box>
          <Button
            size="small"
            startIcon={<EditIcon />}
            onClick={() => setEditing(true)}
            data-testid="charger-edit"
          >
            {t('chargers.edit.button')}
          </Button>
          <EditChargerDialog charger={charger} open={editing} onClose={() => setEditing(false)} />
        </Box>
        <Field label={t('chargers.fields.productCode')} testId="charger-detail-product-code">
          {charger.productCode}
        </Field>
        <Field label={t('chargers.fields.alias')}>
          <ChargerAliasField key={charger.id} charger={charger} />
        </Field>
        <Field label={t('chargers.fields.pin')} testId="charger-detail-pin">
          {charger.pinHint}
        </Field>
        <Field label={t('chargers.security.label')}>
          <ChargerSecurityField key={charger.id} charger={charger} />
        </Field>
        <Field label={t('chargers.fields.model')} testId="charger-detail-model">
          {[charger.vendor, charger.modelName].filter(Boolean).join(' ') || noValue}
        </Field>
        <Field label={t('chargers.fields.ratedPower')} testId="charger-detail-rated-power">
          {charger.ratedPowerW === null
            ? noValue
            : t('chargers.units.kilowatts', { value: number(charger.ratedPowerW / 1000) })}
        </Field>
        <Field label={t('chargers.fields.chargerType')} testId="charger-detail-type">
          {charger.chargerType ? t(`chargers.type.${charger.chargerType}`) : noValue}
        </Field>
        <Field label={t('chargers.fields.connectivity')} testId="charger-detail-connectivity">
          {charger.connectivity ? t(`chargers.connectivity.${charger.connectivity}`) : noValue}
        </Field>
        <Field label={t('chargers.fields.errorCode')} testId="charger-detail-error-code">
          {charger.errorCode ?? noValue}
        </Field>
        <Field label={t('chargers.fields.lastSeen')} testId="charger-detail-last-seen">
          {charger.connected
            ? t('chargers.details.connectedNow')
            : charger.lastSeenAt
              ? formatDateTime(i18n.language, charger.lastSeenAt, timeZone)
              : t('chargers.details.neverConnected')}
        </Field>
      </Section>

      <Section title={t('chargers.details.firmware')}>
        <Field label={t('chargers.fields.firmwareVersion')} testId="charger-detail-firmware-version">
          {charger.firmwareVersion ?? noValue}
        </Field>
        <Field label={t('chargers.fields.newFirmwareVersion')} testId="charger-detail-new-firmware-version">
          {charger.newFirmwareVersion ?? t('chargers.details.upToDate')}
        </Field>
        <Field label={t('chargers.fields.firmwareStatus')} testId="charger-detail-firmware-status">
          {firmwareStatus
            ? t(`chargers.firmwareStatus.${firmwareStatus}`)
            : (charger.firmwareStatus ?? noValue)}
          {charger.firmwareRequestId !== null && (
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ ml: 1 }}
              data-testid="charger-firmware-request"
            >
              {t('chargers.details.firmwareRequest', { id: charger.firmwareRequestId })}
            </Typography>
          )}
          {progress && (
            <LinearProgress
              variant="determinate"
              value={progress.percent}
              color={progress.failed ? 'error' : progress.percent === 100 ? 'success' : 'primary'}
              sx={{ mt: 0.5 }}
              data-testid="charger-firmware-progress"
            />
          )}
        </Field>
      </Section>

      <Section title={t('chargers.details.power')}>
        <Field label={t('chargers.fields.totalCurrent')} testId="charger-detail-total-current">
          {amperes(charger.totalCurrentA)}
        </Field>
        {([1, 2, 3] as const).map((phase) => (
          <Field
            key={`current-${phase}`}
            label={t('chargers.fields.current', { phase })}
            testId={`charger-detail-current-${phase}`}
          >
            {amperes(charger[`currentL${phase}`])}
          </Field>
        ))}
        {([1, 2, 3] as const).map((phase) => (
          <Field
            key={`capacity-${phase}`}
            label={t('chargers.fields.capacity', { phase })}
            testId={`charger-detail-capacity-${phase}`}
          >
            {amperes(charger[`capacityL${phase}`])}
          </Field>
        ))}
      </Section>

      <Section title={t('chargers.details.connectors')}>
        {charger.connectors.length === 0 && (
          <Typography color="text.secondary">{t('chargers.details.noConnectors')}</Typography>
        )}
        {charger.connectors.map((connector) => (
          <Field
            key={connector.connectorId}
            label={
              connector.connectorId === 0
                ? t('chargers.details.wholeCharger')
                : t('chargers.details.connector', { id: connector.connectorId })
            }
            testId={`charger-connector-${connector.connectorId}`}
          >
            <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} alignItems="center">
              <ChargerStatusChip status={connector.status} />
              {connector.errorCode && <Typography variant="body2">{connector.errorCode}</Typography>}
              {sessions
                .filter((s) => s.connectorId === connector.connectorId)
                .map((s) => (
                  <Typography
                    key={s.id}
                    variant="body2"
                    data-testid={`charger-connector-${s.connectorId}-session`}
                  >
                    {t('chargers.details.connectorSession', { id: s.id })}
                  </Typography>
                ))}
            </Stack>
          </Field>
        ))}
      </Section>
    </>
  );
}

/** The sessions running on the charger, with their energy: what the operator watches after a start. */
export function ChargerSessions({ charger }: ChargerFieldsProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const number = (value: number, decimals?: number) => formatNumber(i18n.language, value, decimals);
  const sessions = charger.ongoingSessions;
  return (
    <Section title={t('chargers.details.session')}>
      {sessions.map((session) => (
        <Box key={session.id} data-testid="charger-detail-session" data-connector={session.connectorId}>
          <Field label={t('chargers.fields.sessionId')} testId="charger-detail-session-id">
            {session.id}
          </Field>
          <Field label={t('chargers.fields.sessionConnector')}>{session.connectorId}</Field>
          <Field label={t('chargers.fields.sessionStart')}>
            {formatDateTime(i18n.language, session.startTime, timeZone)}
          </Field>
          <Field label={t('chargers.fields.sessionEnergy')} testId="charger-detail-session-energy">
            {t('chargers.units.kilowattHours', { value: number(session.energyWh / 1000, 3) })}
          </Field>
        </Box>
      ))}
      {sessions.length === 0 && (
        <Typography color="text.secondary" data-testid="charger-detail-no-session">
          {t('chargers.details.noSession')}
        </Typography>
      )}
    </Section>
  );
}

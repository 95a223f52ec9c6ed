import type { ReactNode } from 'react';
import type { SessionDetail } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { durationParts, formatDateTime, formatNumber, noValue } from '../lib/format';
import { DetailField } from './detail-field';

export type SessionFieldsProps = { session: SessionDetail };

/** Every field of a session, as stored when it ran (charger names and card group are snapshots). */
export function SessionFields({ session }: SessionFieldsProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const kwh = (value: number | null) =>
    value === null ? noValue : t('sessions.units.kwh', { value: formatNumber(i18n.language, value, 3, 3) });
  const field = (key: string, label: string, value: ReactNode) => (
    <DetailField key={key} label={label} testId={`session-detail-${key}`}>
      {value}
    </DetailField>
  );

  return (
    <div data-testid="session-fields">
      {field(
        'charger',
        t('sessions.detail.charger'),
        `${session.chargerAlias || session.productCode} (${session.productCode})`,
      )}
      {field('connector', t('sessions.detail.connector'), session.connectorId)}
      {field('start-by', t('sessions.detail.startBy'), t(`sessions.startBy.${session.startBy}`))}
      {field('card', t('sessions.detail.card'), session.cardId || noValue)}
      {field('card-group', t('sessions.detail.cardGroup'), session.cardGroupName ?? noValue)}
      {field(
        'authorization',
        t('sessions.detail.authorization'),
        t(`sessions.authorization.${session.authorization}`),
      )}
      {field(
        'start',
        t('sessions.detail.startTime'),
        formatDateTime(i18n.language, session.startTime, timeZone),
      )}
      {field(
        'end',
        t('sessions.detail.endTime'),
        session.endTime ? formatDateTime(i18n.language, session.endTime, timeZone) : noValue,
      )}
      {field('time-zone', t('sessions.detail.timeZone'), timeZone)}
      {field(
        'duration',
        t('sessions.detail.duration'),
        t('sessions.units.duration', durationParts(session.startTime, session.endTime)),
      )}
      {field('energy', t('sessions.detail.energy'), kwh(session.energyKwh))}
      {field('meter-start', t('sessions.detail.meterStart'), kwh(session.meterStartKwh))}
      {field('meter-stop', t('sessions.detail.meterStop'), kwh(session.meterStopKwh))}
      {field('stop-reason', t('sessions.detail.stopReason'), session.stopReason ?? noValue)}
      {field(
        'tariff',
        t('sessions.detail.tariff'),
        session.tariffId === null
          ? t('sessions.detail.noTariff')
          : t('sessions.detail.tariffVersion', { id: session.tariffId }),
      )}
      {field('transaction', t('sessions.detail.transactionId'), session.transactionId)}
    </div>
  );
}

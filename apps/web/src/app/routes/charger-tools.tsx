import { useRef } from 'react';
import { useParams, useSearchParams, Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useCharger } from '../../features/chargers/api/get-charger';
import { ChargerStatusChip } from '../../features/chargers/components/charger-status-chip';
import { ChargerOperations } from '../../features/charger-tools/components/charger-operations';
import { ChargerCertificates } from '../../features/certificates/components/charger-certificates';
import { ConfigurationTable } from '../../features/charger-tools/components/configuration-table';
import { ConnectionHistory } from '../../features/ocpp-log/components/connection-history';
import { OcppMessageLog } from '../../features/ocpp-log/components/ocpp-message-log';
import { SecurityEvents } from '../../features/ocpp-log/components/security-events';
import { useTranslation } from '../../lib/i18n';
import { useSelectedTabInView } from '../../lib/reveal';

const tabs = ['messages', 'connections', 'configuration', 'operations', 'security', 'certificates'] as const;
type ToolTab = (typeof tabs)[number];

/**
 * A charger's troubleshooting page: its OCPP message log and connection history, its configuration and the OCPP
 * operations (chargers, ocpp-log and charger-tools features).
 */
export function ChargerToolsRoute() {
  const { t } = useTranslation();
  const chargerId = Number(useParams().chargerId);
  const [search, setSearch] = useSearchParams();
  const tab: ToolTab = tabs.find((name) => name === search.get('tab')) ?? 'messages';
  const charger = useCharger(chargerId, { enabled: Number.isSafeInteger(chargerId) && chargerId > 0 });
  const name = charger.data?.alias || charger.data?.productCode || '';
  const tabsRef = useRef<HTMLDivElement>(null);
  useSelectedTabInView(tabsRef, tab);

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }} data-testid="charger-tools">
      <Stack direction="row" alignItems="center" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        <Button component={RouterLink} to="/chargeList" startIcon={<ArrowBackIcon />}>
          {t('ocppLog.back')}
        </Button>
        {/* On a phone the title has a line of its own below the back button and the status, not a third of one. */}
        <Typography
          variant="h5"
          component="h1"
          sx={{ flex: { xs: '1 1 100%', sm: 1 }, order: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}
        >
          {t('ocppLog.title', { name })}
        </Typography>
        {charger.data && (
          <Box sx={{ ml: { xs: 'auto', sm: 0 } }}>
            <ChargerStatusChip status={charger.data.status} size="medium" />
          </Box>
        )}
      </Stack>
      <Tabs
        ref={tabsRef}
        value={tab}
        onChange={(_, next: ToolTab) => setSearch({ tab: next }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`ocppLog.tabs.${name}`)}
            data-testid={`charger-tools-tab-${name}`}
          />
        ))}
      </Tabs>
      {charger.data && tab === 'messages' && (
        <OcppMessageLog chargerId={chargerId} productCode={charger.data.productCode} />
      )}
      {charger.data && tab === 'connections' && <ConnectionHistory chargerId={chargerId} />}
      {charger.data && tab === 'security' && <SecurityEvents chargerId={chargerId} />}
      {charger.data && tab === 'certificates' && (
        <ChargerCertificates chargerId={chargerId} name={name} connected={charger.data.connected} />
      )}
      {charger.data && tab === 'configuration' && (
        <ConfigurationTable chargerId={chargerId} name={name} connected={charger.data.connected} />
      )}
      {charger.data && tab === 'operations' && (
        <ChargerOperations
          chargerId={chargerId}
          name={name}
          connected={charger.data.connected}
          connectorIds={charger.data.connectors.map((c) => c.connectorId).filter((id) => id > 0)}
        />
      )}
    </Box>
  );
}

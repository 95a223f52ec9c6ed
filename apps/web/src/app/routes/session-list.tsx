import { Link } from 'react-router';
import Button from '@mui/material/Button';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { useQueryClient } from '@tanstack/react-query';
import { useChargers } from '../../features/chargers/api/get-chargers';
import { useLiveChargers } from '../../features/chargers/api/live-chargers';
import { followLiveSessions } from '../../features/sessions/lib/live-sessions';
import { SessionListView } from '../../features/sessions/components/session-list-view';
import { useTranslation } from '../../lib/i18n';

/** The first page of the site's chargers is what the filter offers (the list call answers at most 100). */
const chargerOptionsQuery = { keyword: '', status: '', pageNum: 1, pageSize: 100 } as const;

/** The sessions screen; its charger filter lists the site's chargers (chargers feature); invoices bill them. */
export function SessionListRoute() {
  const { t } = useTranslation();
  const chargers = useChargers(chargerOptionsQuery);
  const queryClient = useQueryClient();
  // Live like the chargers list: a session that starts or stops shows without a reload.
  useLiveChargers({ onMessage: (message) => followLiveSessions(queryClient, message) });
  const options = (chargers.data?.list ?? []).map((charger) => ({
    id: charger.id,
    label:
      charger.alias === charger.productCode ? charger.alias : `${charger.alias} (${charger.productCode})`,
  }));
  return (
    <SessionListView
      chargers={options}
      actions={
        <Button
          component={Link}
          to="/invoice/list"
          startIcon={<ReceiptIcon />}
          data-testid="session-invoices"
        >
          {t('invoices.title')}
        </Button>
      }
    />
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import type { Charger } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useCharger } from '../api/get-charger';
import type { LoadManagementCheck } from '../lib/load-management';
import { ChargerActions } from './charger-actions';
import { ChargerStatusChip } from './charger-status-chip';
import { ChargerFields, ChargerSessions } from './charger-fields';
import { ChargerReservations } from './charger-reservations';
import { ChargerDiagnostics } from './charger-diagnostics';
import { Section } from './detail-section';

export type ChargerDetailsProps = {
  /** The list's row: shown at once, then replaced by the detail call and live updates. */
  charger: Charger | null;
  onClose: () => void;
  isLoadManagementActive: LoadManagementCheck;
};

export function ChargerDetails({ charger, onClose, isLoadManagementActive }: ChargerDetailsProps) {
  // While the panel slides out it keeps showing the charger it had, rather than going blank.
  const [shown, setShown] = useState(charger);
  if (charger !== null && charger !== shown) setShown(charger);
  return (
    <Drawer
      anchor="right"
      open={charger !== null}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 460 } } },
        transition: { onExited: () => setShown(null) },
      }}
    >
      {shown && (
        <DetailsBody
          key={shown.id}
          row={shown}
          onClose={onClose}
          isLoadManagementActive={isLoadManagementActive}
        />
      )}
    </Drawer>
  );
}

type DetailsBodyProps = { row: Charger; onClose: () => void; isLoadManagementActive: LoadManagementCheck };

function DetailsBody({ row, onClose, isLoadManagementActive }: DetailsBodyProps) {
  const { t } = useTranslation();
  const detail = useCharger(row.id, { placeholder: row });
  const charger = detail.data ?? row;

  return (
    <Box data-testid="charger-details" data-charger={charger.productCode} sx={{ p: 3 }}>
      <Stack
        direction="row"
        alignItems="center"
        spacing={1}
        sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', py: 1, mt: -1 }}
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1, wordBreak: 'break-all' }}>
          {charger.productCode}
        </Typography>
        <ChargerStatusChip status={charger.status} size="medium" testId="charger-detail-status" />
        <IconButton
          aria-label={t('chargers.details.close')}
          onClick={onClose}
          data-testid="charger-details-close"
        >
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{detail.isFetching && <LinearProgress />}</Box>

      <Section title={t('chargers.details.actions')}>
        <ChargerActions
          charger={charger}
          isLoadManagementActive={isLoadManagementActive}
          onDeleted={onClose}
        />
      </Section>
      {/* Right below the actions: after a start, the energy rising is in view without scrolling. */}
      <ChargerSessions charger={charger} />

      <Button
        component={RouterLink}
        to={`/chargeList/${charger.id}/tools`}
        startIcon={<ManageSearchIcon />}
        variant="outlined"
        fullWidth
        sx={{ mb: 2.5 }}
        data-testid="charger-tools-link"
      >
        {t('chargers.details.tools')}
      </Button>

      <ChargerReservations charger={charger} />
      <ChargerDiagnostics charger={charger} />

      <ChargerFields charger={charger} />
    </Box>
  );
}

import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Site } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import type { StoredSite } from '../../../lib/storage';
import { sameSite } from '../lib/dropdown-order';

export type SiteTableProps = {
  sites: readonly Site[];
  selected: StoredSite | null;
  onSelect: (site: Site) => void;
};

const columns = ['name', 'address', 'currency', 'phases', 'powerCapacity', 'isOpenLoad', 'actions'] as const;

/** A table of the sites; below `sm` a card for each, its name, figures and actions in sight (the same test ids). */
export function SiteTable(props: SiteTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <SiteCards {...props} /> : <SiteWideTable {...props} />;
}

/** View, edit, and select (or "current" for the selected site). */
function SiteActions({
  site,
  current,
  onSelect,
}: {
  site: Site;
  current: boolean;
  onSelect: (site: Site) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} justifyContent="flex-end">
      <Button
        size="small"
        component={Link}
        to={`/siteManage/view/${site.id}`}
        data-testid={`site-list-view-${site.id}`}
      >
        {t('sites.list.view')}
      </Button>
      <Button
        size="small"
        component={Link}
        to={`/siteManage/edit/${site.id}`}
        data-testid={`site-list-edit-${site.id}`}
      >
        {t('sites.list.edit')}
      </Button>
      {/* The same width either way, so that the other actions line up from row to row. */}
      <Box sx={{ minWidth: 76, display: 'flex', justifyContent: 'center' }}>
        {current ? (
          <Chip
            size="small"
            color="primary"
            label={t('sites.list.current')}
            data-testid={`site-list-current-${site.id}`}
          />
        ) : (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onSelect(site)}
            data-testid={`site-list-select-${site.id}`}
          >
            {t('sites.list.select')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}

function LoadChip({ site }: { site: Site }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={site.isOpenLoad === 1 ? 'success' : 'default'}
      label={t(site.isOpenLoad === 1 ? 'sites.list.on' : 'sites.list.off')}
    />
  );
}

function SiteCards({ sites, selected, onSelect }: SiteTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language.replace('_', '-'));
  return (
    <List disablePadding data-testid="site-table">
      {sites.length === 0 && (
        <ListItem sx={{ justifyContent: 'center' }} data-testid="site-list-empty">
          {t('sites.list.empty')}
        </ListItem>
      )}
      {sites.map((site) => {
        const current = sameSite(site, selected);
        return (
          <ListItem
            key={site.id}
            divider
            data-testid={`site-list-row-${site.id}`}
            sx={{
              display: 'block',
              bgcolor: current ? 'action.selected' : undefined,
              overflowWrap: 'anywhere',
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{site.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {site.address}
            </Typography>
            <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
              {[
                site.currency,
                t(site.phases === 1 ? 'sites.form.phaseOne' : 'sites.form.phaseThree'),
                t('sites.list.kilowatts', { value: number.format(site.powerCapacity) }),
              ].join(' · ')}
              {' · '}
              {t('sites.list.columns.isOpenLoad')} <LoadChip site={site} />
            </Typography>
            <Box sx={{ mt: 1 }}>
              <SiteActions site={site} current={current} onSelect={onSelect} />
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}

function SiteWideTable({ sites, selected, onSelect }: SiteTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language.replace('_', '-'));
  return (
    <Table size="small" data-testid="site-table">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} align={column === 'actions' ? 'right' : 'left'}>
              {t(`sites.list.columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {sites.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center" data-testid="site-list-empty">
              {t('sites.list.empty')}
            </TableCell>
          </TableRow>
        )}
        {sites.map((site) => {
          const current = sameSite(site, selected);
          return (
            <TableRow key={site.id} hover selected={current} data-testid={`site-list-row-${site.id}`}>
              <TableCell sx={{ fontWeight: 600 }}>{site.name}</TableCell>
              <TableCell>{site.address}</TableCell>
              <TableCell>{site.currency}</TableCell>
              <TableCell>{t(site.phases === 1 ? 'sites.form.phaseOne' : 'sites.form.phaseThree')}</TableCell>
              <TableCell>{t('sites.list.kilowatts', { value: number.format(site.powerCapacity) })}</TableCell>
              <TableCell>
                <LoadChip site={site} />
              </TableCell>
              <TableCell align="right">
                <SiteActions site={site} current={current} onSelect={onSelect} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

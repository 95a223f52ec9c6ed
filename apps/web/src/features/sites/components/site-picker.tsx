import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { Site } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { getLastSitesByAccount } from '../../../lib/storage';
import { useSite } from '../api/get-site';
import { useSites } from '../api/get-sites';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { rememberedSiteId } from '../lib/site-memory';

export const sitePickerPageSize = 10;

export type SitePickerProps = {
  /** The signed-in e-mail; undefined while it loads, null when it could not be read. */
  email: string | null | undefined;
  onChoose: (site: Site) => void;
  onNoSites: () => void;
  onAdd: () => void;
};

/**
 * The select-site screen: an account without sites goes on to add one; the site this e-mail chose last time is
 * entered at once while it still exists, and so is an account's only site (nothing to choose: an installer with one
 * site logs in straight to it); otherwise the user picks one.
 */
export function SitePicker({ email, onChoose, onNoSites, onAdd }: SitePickerProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const search = useDebouncedValue(name, 300);
  // A page chosen belongs to the search it was chosen in; a new search starts on page 1 once it is sent.
  const [page, setPage] = useState({ search: '', num: 1 });
  const pageNum = page.search === search ? page.num : 1;
  const sites = useSites({ name: search, pageNum, pageSize: sitePickerPageSize });
  const firstPage = sites.data?.query.name === '' && sites.data.query.pageNum === 1 ? sites.data : undefined;

  const rememberedId = email ? rememberedSiteId(getLastSitesByAccount(), email) : null;
  const rememberedOnPage = firstPage?.list.find((site) => String(site.id) === String(rememberedId));
  // The account's only site is on the first page: a remembered one that is not is gone, and the only one is entered.
  const only = firstPage?.total === 1 ? firstPage.list[0] : undefined;
  // Not among the first page: ask for it by id (a site deleted meanwhile answers 1502 and the list stays).
  const lookUp = rememberedId !== null && firstPage !== undefined && !rememberedOnPage && firstPage.total > 1;
  const remembered = useSite(Number(rememberedId), {
    enabled: lookUp && Number.isSafeInteger(Number(rememberedId)),
  });
  const enter = rememberedOnPage ?? (lookUp ? remembered.data : undefined) ?? only;

  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !firstPage || email === undefined) return;
    if (firstPage.total === 0) {
      decided.current = true;
      onNoSites();
    } else if (enter) {
      decided.current = true;
      onChoose(enter);
    }
  }, [firstPage, email, enter, onChoose, onNoSites]);

  const waiting =
    email === undefined || sites.isPending || (lookUp && remembered.isPending) || enter !== undefined;
  const pages = sites.data ? Math.max(1, Math.ceil(sites.data.total / sitePickerPageSize)) : 1;

  return (
    <Box data-testid="select-site-panel">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('sites.select.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('sites.select.subtitle')}
      </Typography>
      {waiting ? (
        <LinearProgress data-testid="select-site-loading" />
      ) : (
        <>
          <TextField
            size="small"
            fullWidth
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('sites.list.searchName')}
            slotProps={{
              htmlInput: { 'aria-label': t('sites.list.searchName'), 'data-testid': 'select-site-search' },
            }}
          />
          <List data-testid="select-site-list">
            {sites.data?.list.length === 0 && (
              <Typography sx={{ p: 2 }} color="text.secondary" data-testid="select-site-empty">
                {t('sites.search.noData')}
              </Typography>
            )}
            {sites.data?.list.map((site) => (
              <ListItemButton
                key={site.id}
                divider
                onClick={() => onChoose(site)}
                data-testid={`select-site-option-${site.id}`}
              >
                <ListItemText primary={site.name} secondary={site.address} />
              </ListItemButton>
            ))}
          </List>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={pageNum}
              onChange={(_event, num) => setPage({ search, num })}
              sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}
              data-testid="select-site-pagination"
            />
          )}
          <Button startIcon={<AddIcon />} onClick={onAdd} data-testid="select-site-add">
            {t('sites.select.add')}
          </Button>
        </>
      )}
    </Box>
  );
}

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckIcon from '@mui/icons-material/Check';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from '../../../lib/i18n';
import type { StoredSite } from '../../../lib/storage';
import { useSites } from '../api/get-sites';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSelectedSite } from '../hooks/use-selected-site';
import { orderDropdownSites } from '../lib/dropdown-order';

/** Spec section 9: the dropdown shows page 1 of size 3, searched 300 ms after the typing stops. */
export const siteSearchPageSize = 3;
export const siteSearchDebounceMs = 300;

export type SiteSearchProps = {
  /** A site other than the selected one was chosen; switching is the caller's part. */
  onChoose: (site: StoredSite) => void;
  onViewMore: () => void;
};

/**
 * The top-bar site search (spec sections 2 and 4): its placeholder is the selected site's name. On a phone the bar
 * has no room for a usable box: a search button opens the field over the whole top bar, closed again with its X,
 * Escape, a choice or a tap elsewhere.
 */
export function SiteSearch({ onChoose, onViewMore }: SiteSearchProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [paper, setPaper] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // Escape inside the dropdown hands focus back to the box without opening the dropdown again.
  const keepClosedOnFocus = useRef(false);
  const search = useDebouncedValue(text, siteSearchDebounceMs);
  const selected = useSelectedSite();
  const sites = useSites({ name: search, pageNum: 1, pageSize: siteSearchPageSize }, { enabled: open });
  const options = sites.data
    ? orderDropdownSites<StoredSite>(sites.data.list, selected, sites.data.query.name ?? '')
    : [];

  const close = () => {
    setOpen(false);
    setText('');
    setExpanded(false);
  };
  const choose = (site: StoredSite & { isSelected: boolean }) => {
    close();
    if (!site.isSelected) onChoose(site);
  };
  const optionButtons = () => Array.from(paper?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
  const moveFocus = (event: KeyboardEvent, step: number) => {
    const buttons = optionButtons();
    if (buttons.length === 0) return;
    event.preventDefault();
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    buttons[(index + step + buttons.length) % buttons.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      const input = anchor?.querySelector('input');
      close();
      if (input && document.activeElement !== input) {
        keepClosedOnFocus.current = true;
        input.focus();
      }
    } else if (event.key === 'ArrowDown') {
      if (!open) setOpen(true);
      moveFocus(event, 1);
    } else if (event.key === 'ArrowUp') moveFocus(event, -1);
  };

  if (phone && !expanded)
    return (
      <IconButton
        onClick={() => {
          setExpanded(true);
          setOpen(true);
        }}
        aria-label={t('shell.searchSites')}
        data-testid="site-search-open"
      >
        <SearchIcon />
      </IconButton>
    );

  return (
    <ClickAwayListener onClickAway={close}>
      <Box
        ref={setAnchor}
        onKeyDown={onKeyDown}
        data-testid="site-search-box"
        sx={
          phone
            ? {
                // Over the whole top bar (56 px on a phone), above the bar's other buttons.
                position: 'fixed',
                top: 0,
                left: 0,
                right: 0,
                height: 56,
                px: 1,
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                bgcolor: 'background.paper',
                zIndex: theme.zIndex.appBar + 1,
              }
            : { width: { md: 280 }, flex: { xs: 1, md: 'none' }, minWidth: 0, maxWidth: 280 }
        }
      >
        <TextField
          size="small"
          fullWidth
          autoFocus={phone}
          value={text}
          placeholder={selected?.name || t('shell.searchSites')}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            if (keepClosedOnFocus.current) keepClosedOnFocus.current = false;
            else setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={(event) => {
            // Tabbing away closes the dropdown; moving into it (an option, "view more") does not.
            if (!paper?.contains(event.relatedTarget)) close();
          }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
          slotProps={{
            htmlInput: {
              'aria-label': t('shell.searchSites'),
              'data-testid': 'site-search',
              role: 'combobox',
              'aria-expanded': open,
              'aria-controls': open ? listId : undefined,
              'aria-autocomplete': 'list',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {phone && (
          <IconButton onClick={close} aria-label={t('shell.closeSearch')} data-testid="site-search-close">
            <CloseIcon />
          </IconButton>
        )}
        <Popper
          open={open}
          anchorEl={anchor}
          placement="bottom-start"
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          <Paper
            ref={setPaper}
            elevation={8}
            sx={{ mt: 0.5, width: phone ? 'calc(100vw - 16px)' : { xs: 280, md: 340 } }}
            tabIndex={-1}
            data-testid="site-search-dropdown"
            onBlur={(event) => {
              const to = event.relatedTarget as Node | null;
              if (!paper?.contains(to) && !anchor?.contains(to)) close();
            }}
          >
            {sites.isFetching && <LinearProgress sx={{ height: 2 }} />}
            {sites.isPending ? (
              <Typography sx={{ p: 2 }} color="text.secondary" data-testid="site-search-loading">
                {t('sites.search.loading')}
              </Typography>
            ) : options.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary" data-testid="site-search-empty">
                {t('sites.search.noData')}
              </Typography>
            ) : (
              <List id={listId} role="listbox" aria-label={t('sites.search.results')} dense disablePadding>
                {options.map((site) => (
                  <ListItemButton
                    key={site.id}
                    role="option"
                    aria-selected={site.isSelected}
                    selected={site.isSelected}
                    onClick={() => choose(site)}
                    data-testid={`site-search-option-${site.id}`}
                  >
                    <ListItemText
                      primary={site.name}
                      secondary={site.address}
                      slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                    />
                    {site.isSelected && (
                      <CheckIcon
                        fontSize="small"
                        color="primary"
                        titleAccess={t('sites.search.current')}
                        data-testid="site-search-current"
                      />
                    )}
                  </ListItemButton>
                ))}
              </List>
            )}
            <Divider />
            <Button
              fullWidth
              onClick={() => {
                close();
                onViewMore();
              }}
              data-testid="site-search-view-more"
            >
              {t('sites.search.viewMore')}
            </Button>
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}

import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router';
import { displayLinkLimits, type CreatedDisplayLink, type DisplayLink } from '@plugboard/contract';
import { confirm } from '../../../lib/confirm';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import {
  kioskUrl,
  useCreateDisplayLink,
  useDisplayLinks,
  useRevokeDisplayLink,
  useSiteTimeZone,
} from '../api/display-links';

function formatWhen(language: string, iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(language.replace('_', '-'), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** Copies text to the clipboard; false when the browser refuses (no permission, not a secure origin). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The display route for an operator: the site's display links. A link opens the display screen on a TV without a
 * login; its URL is shown once, when it is made (only its hash is kept), and a link can be revoked at any time.
 */
export function DisplayLinksView() {
  const { t, i18n } = useTranslation();
  const links = useDisplayLinks();
  const create = useCreateDisplayLink();
  const revoke = useRevokeDisplayLink();
  const timeZone = useSiteTimeZone();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedDisplayLink | null>(null);
  const list = links.data?.list ?? [];
  const full = list.length >= displayLinkLimits.linksMax;
  const trimmed = name.trim();

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || create.isPending) return;
    create.mutate(trimmed, {
      onSuccess: (link) => {
        setCreated(link);
        setName('');
      },
    });
  };

  const onCopy = async (url: string) => {
    const copied = await copyText(url);
    notify(
      copied
        ? { message: t('display.links.copied'), severity: 'success' }
        : { message: t('display.links.copyFailed'), severity: 'warning' },
    );
  };

  const onRevoke = async (link: DisplayLink) => {
    const sure = await confirm({
      title: t('display.links.revokeTitle'),
      content: t('display.links.revokeText', { name: link.name }),
      confirmText: t('display.links.revoke'),
      type: 'error',
    });
    if (!sure) return;
    revoke.mutate(link.id, {
      onSuccess: () => {
        if (created?.id === link.id) setCreated(null);
        notify({ message: t('display.links.revoked', { name: link.name }), severity: 'success' });
      },
    });
  };

  return (
    <Box component="section" data-testid="display-links-page" sx={{ maxWidth: 960 }}>
      {/* The button keeps its label on one line; on a phone in German it goes below the title rather than wrap. */}
      <Stack direction="row" alignItems="center" useFlexGap sx={{ mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('routes.display')}
        </Typography>
        <Button
          component={RouterLink}
          to="/rich-text-editor"
          variant="outlined"
          startIcon={<EditNoteIcon />}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid="display-edit-notice"
        >
          {t('display.links.editNotice')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('display.links.intro')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          alignItems={{ sm: 'flex-start' }}
          onSubmit={onCreate}
          noValidate
        >
          <TextField
            size="small"
            label={t('display.links.name')}
            placeholder={t('display.links.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{
              htmlInput: { maxLength: displayLinkLimits.nameMax, 'data-testid': 'display-link-name' },
            }}
            helperText={full ? t('display.links.full', { max: displayLinkLimits.linksMax }) : ' '}
            sx={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<AddLinkIcon />}
            disabled={!trimmed || full || create.isPending}
            data-testid="display-link-create"
          >
            {t('display.links.create')}
          </Button>
        </Stack>
        {created ? (
          <Alert
            severity="success"
            sx={{ mt: 1, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
            data-testid="display-link-created"
          >
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('display.links.createdOnce', { name: created.name })}
            </Typography>
            <Stack direction="row" spacing={1} alignItems="center">
              <Typography
                component="code"
                variant="body2"
                data-testid="display-link-url"
                sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all', fontFamily: 'monospace' }}
              >
                {kioskUrl(created.token)}
              </Typography>
              <Tooltip title={t('display.links.copy')}>
                <IconButton
                  aria-label={t('display.links.copy')}
                  onClick={() => void onCopy(kioskUrl(created.token))}
                  data-testid="display-link-copy"
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('display.links.open')}>
                <IconButton
                  aria-label={t('display.links.open')}
                  component="a"
                  href={kioskUrl(created.token)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <OpenInNewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          </Alert>
        ) : null}
      </Paper>

      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{(links.isFetching || revoke.isPending) && <LinearProgress />}</Box>
        {list.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="display-links-empty">
            {t(links.isPending ? 'display.links.loading' : 'display.links.empty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((link) => (
              <Box
                component="li"
                key={link.id}
                data-testid={`display-link-${link.id}`}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  px: 2,
                  py: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0 },
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                    data-testid="display-link-name-shown"
                  >
                    {link.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('display.links.createdAt', {
                      when: formatWhen(i18n.language, link.createdAt, timeZone),
                    })}
                    {' · '}
                    {link.lastUsedAt
                      ? t('display.links.lastUsed', {
                          when: formatWhen(i18n.language, link.lastUsedAt, timeZone),
                        })
                      : t('display.links.neverUsed')}
                  </Typography>
                </Box>
                <Button
                  color="error"
                  startIcon={<LinkOffIcon />}
                  onClick={() => void onRevoke(link)}
                  disabled={revoke.isPending}
                  data-testid={`display-link-revoke-${link.id}`}
                >
                  {t('display.links.revoke')}
                </Button>
              </Box>
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { noticeLimits, noticeTextLength, type NoticeKind } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useNotices, useSaveNotices } from '../api/notices';
import { NoticeEditor } from './notice-editor';

type Drafts = Partial<Record<NoticeKind, string>>;

/**
 * The rich-text editor (rich-text-editor): the site's notice on the display screen, and the footer invoices print.
 * Both are edited here and saved together; the server cleans the HTML, and the editor then shows what it stored.
 */
export function NoticesView() {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  const save = useSaveNotices();
  const [kind, setKind] = useState<NoticeKind>('display');
  const [drafts, setDrafts] = useState<Drafts>({});
  // Bumped after a save, so that the editor starts again from what the server stored.
  const [generation, setGeneration] = useState(0);

  if (!notices.data) {
    return (
      <Box component="section" data-testid="notices-page">
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('routes.richTextEditor')}
        </Typography>
        {notices.isError ? (
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography color="error">{t('notices.loadFailed')}</Typography>
            <Button size="small" onClick={() => void notices.refetch()}>
              {t('notices.retry')}
            </Button>
          </Stack>
        ) : (
          <LinearProgress />
        )}
      </Box>
    );
  }

  const stored = notices.data;
  const changed = (Object.keys(drafts) as NoticeKind[]).filter((k) => drafts[k] !== stored[k]);
  const html = drafts[kind] ?? stored[kind];
  const length = noticeTextLength(html);
  const tooLong = (Object.keys(drafts) as NoticeKind[]).some(
    (k) => noticeTextLength(drafts[k] ?? '') > noticeLimits.textMax,
  );
  const number = (value: number) => new Intl.NumberFormat(i18n.language.replace('_', '-')).format(value);

  const onSave = () => {
    if (changed.length === 0 || tooLong || save.isPending) return;
    const body = Object.fromEntries(changed.map((k) => [k, drafts[k]])) as Drafts;
    save.mutate(body, {
      onSuccess: () => {
        setDrafts({});
        setGeneration((g) => g + 1);
        notify({ message: t('notices.saved'), severity: 'success' });
      },
    });
  };

  return (
    <Box component="section" data-testid="notices-page" sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('routes.richTextEditor')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notices.intro')}
      </Typography>
      <Tabs
        value={kind}
        onChange={(_, value: NoticeKind) => setKind(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab value="display" label={t('notices.kind.display')} data-testid="notice-kind-display" />
        <Tab
          value="invoiceFooter"
          label={t('notices.kind.invoiceFooter')}
          data-testid="notice-kind-invoiceFooter"
        />
      </Tabs>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`notices.help.${kind}`)}
      </Typography>
      <NoticeEditor
        key={`${kind}-${generation}`}
        label={t(`notices.kind.${kind}`)}
        initialHtml={html}
        onChange={(next) => setDrafts((current) => ({ ...current, [kind]: next }))}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        alignItems={{ xs: 'stretch', sm: 'center' }}
        sx={{ mt: 2 }}
      >
        <Typography
          variant="body2"
          data-testid="notice-length"
          data-length={length}
          color={length > noticeLimits.textMax ? 'error' : 'text.secondary'}
          sx={{ flex: 1 }}
        >
          {t(length > noticeLimits.textMax ? 'notices.tooLong' : 'notices.length', {
            length: number(length),
            max: number(noticeLimits.textMax),
          })}
        </Typography>
        {changed.length > 0 ? (
          <Button
            onClick={() => {
              setDrafts({});
              setGeneration((g) => g + 1);
            }}
            disabled={save.isPending}
            data-testid="notice-discard"
          >
            {t('notices.discard')}
          </Button>
        ) : null}
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          onClick={onSave}
          disabled={changed.length === 0 || tooLong || save.isPending}
          data-testid="notice-save"
        >
          {t('notices.save')}
        </Button>
      </Stack>
    </Box>
  );
}

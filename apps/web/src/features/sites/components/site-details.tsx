import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { Site } from '@plugboard/contract';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../api/get-site';
import { useUpdateSite } from '../api/update-site';
import { toSiteUpdate } from '../lib/site-form';
import { SiteForm } from './site-form';

export type SiteDetailsProps = {
  id: number;
  mode: 'view' | 'edit';
  onSaved: (site: Site) => void;
  onCancel: () => void;
  onEdit: () => void;
};

/** One site, read-only or editable; the form is keyed by the site so that a reload of it resets the fields. */
export function SiteDetails({ id, mode, onSaved, onCancel, onEdit }: SiteDetailsProps) {
  const { t } = useTranslation();
  const site = useSite(id);
  const updateSite = useUpdateSite();

  if (site.isPending) return <LinearProgress data-testid="site-details-loading" />;
  if (site.isError) {
    return (
      <Alert severity="warning" data-testid="site-details-error">
        {t('sites.details.loadFailed')}
      </Alert>
    );
  }
  return (
    <SiteForm
      key={`${site.data.id}-${mode}`}
      mode={mode}
      site={site.data}
      submitting={updateSite.isPending}
      onSubmit={(fields) =>
        updateSite.mutate(toSiteUpdate(id, fields), { onSuccess: (saved) => onSaved(saved) })
      }
      onCancel={onCancel}
      actions={
        mode === 'view' && (
          <Button variant="contained" onClick={onEdit} data-testid="site-details-edit">
            {t('sites.details.edit')}
          </Button>
        )
      }
    />
  );
}

import type { Site } from '@plugboard/contract';
import { useAddSite } from '../api/add-site';
import { SiteForm } from './site-form';

export type AddSiteFormProps = {
  onAdded: (site: Site) => void;
  onCancel?: () => void;
};

export function AddSiteForm({ onAdded, onCancel }: AddSiteFormProps) {
  const addSite = useAddSite();
  return (
    <SiteForm
      mode="add"
      submitting={addSite.isPending}
      onSubmit={(fields) => addSite.mutate(fields, { onSuccess: (site) => onAdded(site) })}
      onCancel={onCancel}
    />
  );
}

import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';

export type AuthHeadingProps = { title: string; intro?: ReactNode };

/** The product name, the screen's one heading and an optional line under it. */
export function AuthHeading({ title, intro }: AuthHeadingProps) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography variant="overline" color="primary" fontWeight={700}>
        {t('shell.productName')}
      </Typography>
      <Typography variant="h5" component="h1" fontWeight={600}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="auth-intro">
          {intro}
        </Typography>
      )}
    </div>
  );
}

import Typography, { type TypographyProps } from '@mui/material/Typography';
import { consoleVersion } from '@plugboard/contract';
import { useTranslation } from '../../lib/i18n';

export type VersionLabelProps = { color?: TypographyProps['color'] };

export function VersionLabel({ color = 'text.secondary' }: VersionLabelProps) {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" color={color} data-testid="version-label">
      {t('shell.version', { version: consoleVersion })}
    </Typography>
  );
}

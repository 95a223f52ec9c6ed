import { useState } from 'react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { isLanguage, languageNames } from '@plugboard/contract';
import { useTranslation } from '../../lib/i18n';
import { LanguageDialog } from './language-dialog';

export function LanguageButton() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = isLanguage(i18n.language) ? languageNames[i18n.language] : t('language.title');

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={() => setOpen(true)}
        aria-label={t('shell.changeLanguage')}
        aria-haspopup="dialog"
        data-testid="language-button"
      >
        {name}
      </Button>
      {open && <LanguageDialog onClose={() => setOpen(false)} />}
    </>
  );
}

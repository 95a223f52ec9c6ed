import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { isLanguage, languageNames, uiLanguages, type Language } from '@plugboard/contract';
import { changeLanguage, currentLanguage, htmlLang, useTranslation } from '../../lib/i18n';

export type LanguageDialogProps = { onClose: () => void };

/** Mounted only while open, so each opening starts from the language in use. */
export function LanguageDialog({ onClose }: LanguageDialogProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Language>(currentLanguage);

  const apply = () => {
    onClose();
    if (choice !== currentLanguage()) void changeLanguage(choice);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="language-dialog-title"
      data-testid="language-dialog"
    >
      <DialogTitle id="language-dialog-title">{t('language.title')}</DialogTitle>
      <DialogContent dividers>
        <RadioGroup
          name="language"
          value={choice}
          aria-labelledby="language-dialog-title"
          onChange={(_event, value) => {
            if (isLanguage(value)) setChoice(value);
          }}
        >
          {uiLanguages.map((code) => (
            <FormControlLabel
              key={code}
              value={code}
              control={<Radio slotProps={{ input: { 'data-testid': `language-radio-${code}` } as object }} />}
              label={languageNames[code]}
              lang={htmlLang(code)}
              data-testid={`language-option-${code}`}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="language-cancel">
          {t('language.cancel')}
        </Button>
        <Button onClick={apply} variant="contained" data-testid="language-ok">
          {t('language.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

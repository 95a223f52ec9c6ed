import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { AccountMenu, type AccountMenuProps } from './account-menu';
import { LanguageButton } from './language-button';

export type TopBarProps = AccountMenuProps & {
  /** The site search box; the sites feature provides it and app/ composes it (components do not import features). */
  siteSearch?: ReactNode;
};

/** The right-hand part of both shells' top bars: site search, language picker, account menu. */
export function TopBar({ siteSearch, ...props }: TopBarProps) {
  return (
    <>
      {siteSearch}
      <Box sx={{ flex: 1 }} />
      <LanguageButton />
      <AccountMenu {...props} />
    </>
  );
}

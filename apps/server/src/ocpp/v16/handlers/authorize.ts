import type { V16Handler } from '../handler.ts';

export const authorize: V16Handler<'Authorize'> = async ({ idTag }, { charger, sessions }) => ({
  idTagInfo: { status: await sessions.authorizeIdTag(charger, idTag) },
});

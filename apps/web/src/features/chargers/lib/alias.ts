import { chargerLimits } from '@plugboard/contract';

/** A message of `chargers.validation.*` for an alias being edited, or null when it can be saved. */
export function aliasError(alias: string): { key: 'aliasRequired' | 'aliasTooLong'; max: number } | null {
  const trimmed = alias.trim();
  if (trimmed === '') return { key: 'aliasRequired', max: chargerLimits.aliasMax };
  if (trimmed.length > chargerLimits.aliasMax) return { key: 'aliasTooLong', max: chargerLimits.aliasMax };
  return null;
}

import type { Card, CardGroup } from '@plugboard/contract';
import type { CardGroupView } from './card-groups.repository.ts';
import type { CardView } from './cards.repository.ts';

// The API speaks percent with 2 decimals; storage keeps hundredths of a percent (basis points) as integers.
export const toMultiplierBp = (percent: number) => Math.round(percent * 100);
export const toPercent = (bp: number) => bp / 100;

export function toCard(row: CardView): Card {
  return {
    id: row.id,
    cardId: row.card_id,
    holder: row.holder,
    groupId: row.group_id,
    groupName: row.group_name,
    email: row.email,
    subscribeReport: row.subscribe_report,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    recycledAt: row.recycled_at?.toISOString() ?? null,
  };
}

export function toCardGroup(row: CardGroupView): CardGroup {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.is_default,
    multiplier: toPercent(row.multiplier_bp),
    cardCount: Number(row.card_count),
  };
}

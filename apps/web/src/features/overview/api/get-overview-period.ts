import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewPeriod } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { isChoiceComplete, type PeriodChoice } from '../lib/period-choice';
import { overviewQueryKey } from './get-overview-now';

export const overviewPeriodPath = '/cms-system/system/overview/period';
export const overviewPeriodQueryKey = [...overviewQueryKey, 'period'] as const;

export const getOverviewPeriod = (choice: PeriodChoice): Promise<OverviewPeriod> =>
  apiPost(overviewPeriodPath, {
    period: choice.period,
    ...(choice.period === 'custom' && { firstDay: choice.firstDay, lastDay: choice.lastDay }),
  });

export const getOverviewPeriodQueryOptions = (choice: PeriodChoice) =>
  queryOptions({
    queryKey: [...overviewPeriodQueryKey, choice],
    queryFn: () => getOverviewPeriod(choice),
    // Another period keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
    // A custom range is asked for once both days are chosen, the first not after the last.
    enabled: isChoiceComplete(choice),
  });

export function useOverviewPeriod(choice: PeriodChoice) {
  return useQuery(getOverviewPeriodQueryOptions(choice));
}

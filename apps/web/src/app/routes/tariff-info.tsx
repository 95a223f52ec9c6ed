import { useSite } from '../../features/sites/api/get-site';
import { TariffView } from '../../features/tariffs/components/tariff-view';
import { getStationId } from '../../lib/storage';

/** The tariff screen; the site (sites feature) gives its currency, time zone and fixed cost per kWh. */
export function TariffInfoRoute() {
  const stationId = Number(getStationId());
  const site = useSite(stationId);
  return (
    <TariffView
      stationId={stationId}
      site={site.data}
      siteFailed={site.isError}
      onRetrySite={() => void site.refetch()}
    />
  );
}

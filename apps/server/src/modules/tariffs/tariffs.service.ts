import { validateBands } from '@plugboard/pricing';
import { codes, errorMessages, type Tariff, type TariffSave } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { tariffsRepository } from './tariffs.repository.ts';
import { toBasisPoints, toEngineBand, toPriceUnits, toStoredBand, toTariff } from './tariff-units.ts';

type TariffInput = Omit<Required<TariffSave>, 'stationId'>;

/**
 * A site's tariff. Saving adds a version; a session keeps the id of the version that was newest when it started,
 * so a change applies to the sessions that start afterwards only.
 */
export function tariffsService({ db, now }: { db: Db; now: () => Date }) {
  const repo = tariffsRepository(db);
  const terms = async (stationId: number) => {
    const site = await repo.siteTerms(stationId);
    if (!site) throw new AppError(codes.siteNotFound);
    return site;
  };

  return {
    /** The newest version, or null before the first save. */
    detail: async (stationId: number): Promise<Tariff | null> => {
      const [row, site] = await Promise.all([repo.newest(stationId), terms(stationId)]);
      return row ? toTariff(row, site) : null;
    },

    save: async (stationId: number, input: TariffInput): Promise<Tariff> => {
      const bands = input.bands.map(toStoredBand);
      // Bands that overlap or end before they start would make every session on the tariff unpriceable.
      const why = validateBands(bands.map(toEngineBand));
      if (why) throw new AppError(codes.invalidInput, `${errorMessages[codes.invalidInput]}: bands: ${why}`);
      const site = await terms(stationId);
      const row = await repo.insert(
        {
          station_id: stationId,
          price_model: input.priceModel,
          energy_price: toPriceUnits(input.energyPrice),
          time_price: toPriceUnits(input.timePrice),
          idle_price: toPriceUnits(input.idlePrice),
          start_fee: toPriceUnits(input.startFee),
          prices_include_vat: input.pricesIncludeVat,
          vat_rate_bp: toBasisPoints(input.vatRate),
          payment_methods: [...new Set(input.paymentMethods)],
          bands: JSON.stringify(bands),
        },
        now(),
      );
      return toTariff(row, site);
    },
  };
}

export type TariffsService = ReturnType<typeof tariffsService>;

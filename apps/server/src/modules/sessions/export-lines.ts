import { sql, type RawBuilder } from 'kysely';

// The SQL that writes a complete session's CSV line or sheet row in the database (but its times), exactly as
// export-formats.ts writes it in Node (csvLine, xlsxRow): two text columns per row are far cheaper for Node to read
// than sixteen, and the database formats on its own core while Node streams (bench/sessions). Ongoing sessions
// (their cost is an estimate) and other currencies than the site's are written in Node.

/** The words and references of the file that the SQL puts in. */
export type LineWords = {
  /** 10 ** the currency's minor digits: costs are stored in minor units. */
  divisor: number;
  /** Stored start-by sources, and what the file shows for each (CSV: the label; XLSX: its shared-string index). */
  startByKeys: string[];
  startBy: string[];
  unknownStartBy: string;
  complete: string;
  currency: string;
  /** Authorization values the file shows as they are, and what it shows for them; `accepted` for any other. */
  authorizationKeys: string[];
  authorization: string[];
  accepted: string;
};

const raw = (text: string) => sql.raw(text);
// Backslash escapes are the regular expressions' own (PostgreSQL ARE), in standard-conforming string literals.
const csvWork = raw(String.raw`'^[-=+@\t\r]|[",\r\n]'`);
const formula = raw(String.raw`'^[-=+@\t\r]'`);
const quoting = raw(String.raw`'[",\r\n]'`);
const xmlWork = raw(String.raw`'[\x01-\x1f&<>\ufffe\uffff]'`);
const invalidXml = raw(String.raw`'[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]'`);

const alias = sql`coalesce(c.alias, s.charger_alias)`;
const product = sql`coalesce(c.product_code, s.product_code)`;
const kwh = (wh: RawBuilder<unknown>) => sql`trim_scale(round((${wh})::numeric) / 1000)`;
const energy = kwh(sql`coalesce(s.energy_wh, 0)`);
const meter = kwh(sql`coalesce(s.meter_stop_wh, s.meter_start_wh)`);

function labelsOf(w: LineWords) {
  const startBy = sql`coalesce((${w.startBy}::text[])[array_position(${w.startByKeys}::text[], s.start_by)], ${w.unknownStartBy})`;
  const authorization = sql`coalesce((${w.authorization}::text[])[array_position(${w.authorizationKeys}::text[], s.authorization)], ${w.accepted})`;
  const cost = sql`trim_scale(s.cost_gross_minor::numeric / ${w.divisor}::numeric)`;
  return { startBy, authorization, cost };
}

/** csvText: a formula-like text gets a leading quote, and text with a comma, quote or line break is quoted. */
const csvText = (v: RawBuilder<unknown>) => sql`case when ${v} ~ ${csvWork} then
  case when ${v} ~ ${formula}
    then case when ${v} ~ ${quoting} then '"''' || replace(${v}, '"', '""') || '"' else '''' || ${v} end
    else '"' || replace(${v}, '"', '""') || '"' end
  else ${v} end`;

/**
 * What the database writes of a row: the cells before the start and end times, and those after them. Node writes
 * the times between (local-clock.ts): to_char in the site's zone would cost the database a third of the line.
 */
export type LineSql = { head: RawBuilder<string>; tail: RawBuilder<string> };

/** A complete session's CSV line (csvLine), CRLF included. `concat` writes null as nothing, as csvLine does. */
export function csvLineSql(w: LineWords): LineSql {
  const { startBy, authorization, cost } = labelsOf(w);
  return {
    head: sql<string>`concat(s.id, ',', ${csvText(alias)}, ',', ${csvText(product)}, ',', s.connector_id, ',',
      ${startBy}, ',', ${csvText(sql`s.id_tag`)}, ',', ${csvText(sql`s.card_group_name`)}, ',')`,
    tail: sql<string>`concat(',', ${energy}, ',', ${cost}, ',', ${w.currency}::text, ',', ${w.complete}::text, ',',
      ${meter}, ',', ${authorization}, chr(13), chr(10))`,
  };
}

const xmlText = (v: RawBuilder<unknown>) => sql`case when ${v} ~ ${xmlWork}
  then replace(replace(replace(regexp_replace(${v}, ${invalidXml}, '', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;')
  else ${v} end`;
const inline = (v: RawBuilder<unknown>) =>
  sql`coalesce('<c t="inlineStr"><is><t>' || ${xmlText(v)} || '</t></is></c>', '<c/>')`;
const value = (v: RawBuilder<unknown>) => sql`coalesce('<c><v>' || ${v} || '</v></c>', '<c/>')`;
const shared = (v: RawBuilder<unknown>) => sql`'<c t="s"><v>' || ${v} || '</v></c>'`;

/** A complete session's sheet row (xlsxRow): labels as shared strings. */
export function xlsxRowSql(w: LineWords): LineSql {
  const { startBy, authorization, cost } = labelsOf(w);
  return {
    head: sql<string>`concat('<row>', ${value(sql`s.id`)}, ${inline(alias)}, ${inline(product)},
      ${value(sql`s.connector_id`)}, ${shared(startBy)}, ${inline(sql`s.id_tag`)}, ${inline(sql`s.card_group_name`)})`,
    tail: sql<string>`concat(${value(energy)}, ${value(cost)}, ${shared(sql`${w.currency}::text`)},
      ${shared(sql`${w.complete}::text`)}, ${value(meter)}, ${shared(authorization)}, '</row>')`,
  };
}

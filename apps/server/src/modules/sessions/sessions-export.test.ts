import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { sessionExportPath, type SessionExport } from '@plugboard/contract';
import { consoleHeaders, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { aCharger, anOperatorWithSite } from '../chargers/chargers.fixtures.ts';
import { saveTariff } from '../tariffs/tariffs.fixtures.ts';
import { sessionsExportService } from './sessions-export.service.ts';
import { aStoredSession } from './sessions.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function exportFile(body: Partial<SessionExport>, token: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: sessionExportPath,
    headers: { ...consoleHeaders(sessionExportPath, token), 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  return response;
}

/** The files of a zip, as text. */
function unzip(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const files = new Map<string, string>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const data = Buffer.concat(chunks);
            // yauzl checks the sizes; the CRC-32 is checked here.
            if (crc32(data) !== entry.crc32) reject(new Error(`${entry.fileName}: CRC-32 mismatch`));
            files.set(entry.fileName, data.toString('utf8'));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(files));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** The cell texts and values of each row of a sheet's XML, shared strings (`t="s"`) looked up. */
function sheetRows(xml: string, sharedXml: string) {
  const shared = [...sharedXml.matchAll(/<si><t>(.*?)<\/t><\/si>/g)].map((m) => m[1] ?? '');
  return [...xml.matchAll(/<row>(.*?)<\/row>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<c([^>]*?)(?:\/>|>(.*?)<\/c>)/g)].map((cell) => {
      const value = (cell[2] ?? '').replace(/<[^>]+>/g, '');
      return cell[1]?.includes('t="s"') ? (shared[Number(value)] ?? '?') : value;
    }),
  );
}

/** A site in Amsterdam time with a tariff and three sessions: two complete, the newest one ongoing. */
async function aSiteWithSessions() {
  const op = await anOperatorWithSite(t.db);
  const tariff = await saveTariff(t.app, op);
  const charger = await aCharger(t.db, { stationId: op.stationId, alias: 'Bay, "1"' });
  const first = await aStoredSession(t.db, charger, {
    start_time: '2026-01-10T08:00:00Z',
    tariff_id: tariff.id,
    cost_gross_minor: 1234,
    start_by: 'remoteApp',
  });
  const second = await aStoredSession(t.db, charger, { start_time: '2026-01-11T08:00:00Z', id_tag: '=cmd' });
  const third = await aStoredSession(t.db, charger, {
    start_time: '2026-01-12T08:00:00Z',
    status: 'ongoing',
  });
  return { op, sessions: [first, second, third] };
}

describe('the sessions export', () => {
  it('streams every page as CSV with a byte order mark, headings and start-by labels in the chosen language', async () => {
    const { op, sessions } = await aSiteWithSessions();
    const response = await exportFile(
      { stationId: op.stationId, scope: 'all', format: 'csv', sortOrder: 'asc', language: 'de_DE' },
      op.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="sessions-\d{8}\.csv"$/);
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Sitzungs-ID,Ladegerät,Produktcode,Anschluss,Gestartet durch,Karten-ID,Kartengruppe,' +
        'Startzeit (Europe/Amsterdam),Endzeit (Europe/Amsterdam),Energie (kWh),Kosten,Währung,Status,' +
        'Zählerstand (kWh),Autorisierung',
    );
    const [first, second, third] = sessions;
    const code = first!.product_code;
    expect(lines[1]).toBe(
      `${first!.id},"Bay, ""1""",${code},1,Remote-App,CARD1,,2026-01-10 09:00:00,2026-01-10 10:00:00,5,12.34,EUR,` +
        'Abgeschlossen,6,Accepted',
    );
    // A card id that a spreadsheet would take for a formula is written as text.
    expect(lines[2]).toContain(`${second!.id},"Bay, ""1""",${code},1,RFID,'=cmd,`);
    expect(lines[3]).toBe(
      `${third!.id},"Bay, ""1""",${code},1,RFID,CARD1,,2026-01-12 09:00:00,,0,,EUR,Laufend,1,Accepted`,
    );
  });

  it('streams XLSX: a workbook whose sheet has the headings, text, numbers and real dates', async () => {
    const { op, sessions } = await aSiteWithSessions();
    const response = await exportFile({ stationId: op.stationId, scope: 'all', format: 'xlsx' }, op.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/filename="sessions-\d{8}\.xlsx"/);
    const files = await unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const rows = sheetRows(files.get('xl/worksheets/sheet1.xml')!, files.get('xl/sharedStrings.xml')!);
    expect(rows).toHaveLength(4);
    expect(rows[0]?.slice(0, 5)).toEqual(['Session ID', 'Charger', 'Product code', 'Connector', 'Start by']);
    const newest = rows[1]!;
    expect(newest[0]).toBe(String(sessions[2]!.id));
    expect(newest[1]).toBe('Bay, "1"');
    expect(newest[12]).toBe('Ongoing');
    // 2026-01-12 09:00 in Amsterdam as Excel's serial day number.
    expect(Number(newest[7])).toBeCloseTo(46034 + 9 / 24, 6);
    expect(rows[3]?.[10]).toBe('12.34');
  });

  it('writes text beyond Latin-1 as UTF-8, byte for byte, in both formats', async () => {
    const op = await anOperatorWithSite(t.db);
    const charger = await aCharger(t.db, { stationId: op.stationId, alias: '充电✓Zü🚗' });
    for (let i = 0; i < 40; i++) await aStoredSession(t.db, charger, { id_tag: `KARTE-Ü${i}` });
    const csv = await exportFile({ stationId: op.stationId, scope: 'all', format: 'csv' }, op.token);
    const lines = csv.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(41);
    expect(lines.slice(1).every((line) => line.includes(',充电✓Zü🚗,'))).toBe(true);
    expect(lines[40]).toContain(',KARTE-Ü0,');
    const xlsx = await exportFile({ stationId: op.stationId, scope: 'all', format: 'xlsx' }, op.token);
    const files = await unzip(xlsx.rawPayload);
    const rows = sheetRows(files.get('xl/worksheets/sheet1.xml')!, files.get('xl/sharedStrings.xml')!);
    expect(rows.slice(1).map((row) => row[1])).toEqual(Array(40).fill('充电✓Zü🚗'));
  });

  it('names a charger as it is now, and a deleted one as it was when it charged, in both formats', async () => {
    const op = await anOperatorWithSite(t.db);
    const renamed = await aCharger(t.db, { stationId: op.stationId, alias: 'Old name' });
    const gone = await aCharger(t.db, { stationId: op.stationId, alias: 'Gone bay' });
    await aStoredSession(t.db, renamed, { start_time: '2026-02-01T08:00:00Z' });
    await aStoredSession(t.db, gone, { start_time: '2026-02-02T08:00:00Z' });
    await t.db.updateTable('chargers').set({ alias: 'New name' }).where('id', '=', renamed.id).execute();
    await t.db.deleteFrom('chargers').where('id', '=', gone.id).execute();
    const body = { stationId: op.stationId, scope: 'all', sortOrder: 'asc' } as const;
    const csv = await exportFile({ ...body, format: 'csv' }, op.token);
    const lines = csv.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 3))).toEqual([
      ['New name', renamed.product_code],
      ['Gone bay', gone.product_code],
    ]);
    const xlsx = await exportFile({ ...body, format: 'xlsx' }, op.token);
    const files = await unzip(xlsx.rawPayload);
    const rows = sheetRows(files.get('xl/worksheets/sheet1.xml')!, files.get('xl/sharedStrings.xml')!);
    expect(rows.slice(1).map((row) => row.slice(1, 3))).toEqual([
      ['New name', renamed.product_code],
      ['Gone bay', gone.product_code],
    ]);
  });

  it("goes on to a new sheet, heading repeated, where Excel's rows end (here: after two)", async () => {
    const { op, sessions } = await aSiteWithSessions();
    const service = sessionsExportService({ db: t.db, now: () => new Date(), sheetLimit: 2 });
    const file = await service.open(op.stationId, {
      scope: 'all',
      format: 'xlsx',
      pageNum: 1,
      pageSize: 10,
      sortBy: 'startTime',
      sortOrder: 'asc',
      language: 'en_US',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    const files = await unzip(Buffer.concat(chunks));
    expect(files.get('xl/workbook.xml')).toContain(
      '<sheet name="Sessions" sheetId="1" r:id="rId3"/><sheet name="Sessions 2" sheetId="2" r:id="rId4"/></sheets>',
    );
    expect(files.get('xl/_rels/workbook.xml.rels')).toContain('Id="rId4" Type');
    expect(files.get('xl/_rels/workbook.xml.rels')).toContain('Target="worksheets/sheet2.xml"');
    expect(files.get('[Content_Types].xml')).toContain('PartName="/xl/worksheets/sheet2.xml"');
    const shared = files.get('xl/sharedStrings.xml')!;
    const [first, second] = ['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml'].map((name) =>
      sheetRows(files.get(name)!, shared),
    );
    expect(first!.map((row) => row[0])).toEqual([
      'Session ID',
      String(sessions[0]!.id),
      String(sessions[1]!.id),
    ]);
    expect(second!.map((row) => row[0])).toEqual(['Session ID', String(sessions[2]!.id)]);
    expect(files.get('xl/worksheets/sheet2.xml')).toContain('state="frozen"');
  });

  it('exports the page the list shows with scope "page", in the same order', async () => {
    const { op, sessions } = await aSiteWithSessions();
    const page = await exportFile(
      { stationId: op.stationId, scope: 'page', format: 'csv', pageNum: 2, pageSize: 2 },
      op.token,
    );
    expect(page.headers['x-total-count']).toBe('1');
    const lines = page.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([sessions[0]!.id]);
    const filtered = await exportFile(
      { stationId: op.stationId, scope: 'all', format: 'csv', status: 'ongoing' },
      op.token,
    );
    expect(filtered.headers['x-total-count']).toBe('1');
  });

  it("answers another account's site like one that does not exist (1502), and nothing of its sessions", async () => {
    const { op } = await aSiteWithSessions();
    const other = await anOperatorWithSite(t.db);
    const foreign = await exportFile({ stationId: op.stationId, scope: 'all', format: 'csv' }, other.token);
    const missing = await exportFile({ stationId: 2 ** 40, scope: 'all', format: 'csv' }, other.token);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ status: 1502, msg: 'Site does not exist', data: null });
    expect(foreign.body).toBe(missing.body);
  });

  it('refuses a wrong signature (419) and a missing session (5003) before anything else', async () => {
    const { op } = await aSiteWithSessions();
    const body = { stationId: op.stationId, scope: 'all', format: 'csv' } as const;
    const forged = await exportFile(body, op.token, { authorization: 'forged' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ status: 419 });
    const anonymous = await exportFile(body, '');
    expect(anonymous.json()).toMatchObject({ status: 5003 });
  });

  it('refuses a time range whose end comes before its start (4129)', async () => {
    const { op } = await aSiteWithSessions();
    const response = await exportFile(
      {
        stationId: op.stationId,
        scope: 'all',
        format: 'xlsx',
        startFrom: '2026-02-02T00:00:00.000Z',
        startTo: '2026-02-01T00:00:00.000Z',
      },
      op.token,
    );
    expect(response.json()).toMatchObject({ status: 4129 });
    expect(response.json<{ msg: string }>().msg).toContain(
      'The start time must not be later than the end time',
    );
  });

  it('stops reading and gives its database connection back when the download is given up', async () => {
    const { op } = await aSiteWithSessions();
    await sql`
      insert into charging_sessions (station_id, connector_id, transaction_id, id_tag, start_time, meter_start_wh,
        status)
      select ${op.stationId}, 1, i, 'BULK', '2025-01-01'::timestamptz + i * interval '1 minute', 0, 'complete'
      from generate_series(1, 30000) i`.execute(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // More downloads given up than the pool has connections (4): a leaked cursor would leave none.
    for (let i = 0; i < 6; i++) {
      const aborted = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}${sessionExportPath}`, {
        method: 'POST',
        headers: { ...consoleHeaders(sessionExportPath, op.token), 'content-type': 'application/json' },
        body: JSON.stringify({ stationId: op.stationId, scope: 'all', format: i % 2 ? 'xlsx' : 'csv' }),
        signal: aborted.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      aborted.abort();
    }
    await vi.waitFor(async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike '%sessions export%' and state <> 'idle'`.execute(
        t.db,
      );
      expect(rows[0]?.n).toBe(0);
    });
    const whole = await exportFile({ stationId: op.stationId, scope: 'all', format: 'csv' }, op.token);
    expect(whole.headers['x-total-count']).toBe('30003');
    expect(whole.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(30004);
  });
});

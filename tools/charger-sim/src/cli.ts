#!/usr/bin/env node
// npm run sim -- --url ws://localhost:8080/ocpp --id E07ABCD --pin 1234 [--connectors 1] [--card TAG] [--unplug-after S]
// Boots one simulated charger and keeps it running, printing every message, until Ctrl-C.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createSimulatedCharger } from './simulated-charger.ts';

const usage = `Usage: npm run sim -- --url ws://localhost:8080/ocpp --id PRODUCT_CODE --pin PIN [options]

  --url URL             the central system's OCPP endpoint, without the product code
  --id CODE             the charger's product code (its OCPP identity)
  --pin PIN             its PIN (the HTTP Basic auth password)
  --connectors N        number of connectors (1)
  --power W             the simulated car's maximum power in W (11000)
  --meter-interval S    seconds between MeterValues while charging (10)
  --card TAG            after booting, plug in and present this card: a charging session starts
  --unplug-after S      unplug S seconds after a transaction stops (from the console, say): the connector is
                        Available and a next session can start; without it the cable stays in (Finishing)
  --firmware VERSION    the firmware version it boots with (1.0.0)
  --count N             many-chargers mode: N chargers CODE-1 ... CODE-N, all with this PIN (1)
  --ramp MS             with --count, milliseconds between two connections (20)
  --ca FILE             wss: the CA certificate (PEM) the server's certificate is checked against
  --cert FILE           wss, security profile 3: the charger's client certificate (PEM; CN = product code)
  --key FILE            its private key (PEM); with --cert and no --pin, no Basic auth is sent

A lost socket (the node stopped, the proxy reloaded) is retried by itself, 1 s after the loss and then up to every
10 s, with a line for each attempt and one once connected again.`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    id: { type: 'string' },
    pin: { type: 'string' },
    connectors: { type: 'string', default: '1' },
    power: { type: 'string', default: '11000' },
    'meter-interval': { type: 'string', default: '10' },
    card: { type: 'string' },
    'unplug-after': { type: 'string' },
    firmware: { type: 'string', default: '1.0.0' },
    count: { type: 'string', default: '1' },
    ramp: { type: 'string', default: '20' },
    ca: { type: 'string' },
    cert: { type: 'string' },
    key: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const unplugAfter = values['unplug-after'] === undefined ? undefined : Number(values['unplug-after']);
if (
  values.help ||
  !values.url ||
  !values.id ||
  (!values.pin && !values.cert) ||
  (unplugAfter !== undefined && !(unplugAfter >= 0))
) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

const time = () => new Date().toISOString().slice(11, 23);
const count = Math.max(1, Number(values.count) || 1);
const productCodes =
  count === 1 ? [values.id] : Array.from({ length: count }, (_, i) => `${values.id}-${i + 1}`);
const { url } = values;
const pin = values.pin ?? '';
const pem = (file: string | undefined) => (file === undefined ? undefined : readFileSync(file));
const tls =
  values.ca || values.cert ? { ca: pem(values.ca), cert: pem(values.cert), key: pem(values.key) } : undefined;

const chargers = productCodes.map((productCode) =>
  createSimulatedCharger({
    url,
    productCode,
    pin,
    connectors: Number(values.connectors),
    carPowerW: Number(values.power),
    meterIntervalMs: Number(values['meter-interval']) * 1000,
    firmwareVersion: values.firmware,
    ...(unplugAfter !== undefined && { unplugAfterStopMs: unplugAfter * 1000 }),
    ...(tls && { tls }),
    basicAuth: values.pin !== undefined,
    // Many chargers print only what goes wrong; one charger narrates.
    log: count === 1 ? (line) => console.log(`${time()} [${productCode}] ${line}`) : () => {},
  }),
);

let failed = 0;
for (const [i, charger] of chargers.entries()) {
  try {
    const boot = await charger.boot();
    if (boot.status !== 'Accepted')
      console.log(`${productCodes[i]}: BootNotification was answered ${boot.status}`);
    if (values.card) {
      await charger.plugIn(1);
      await charger.presentCard(values.card, 1);
    }
  } catch (error) {
    failed++;
    const e = error as { code?: number; message?: string };
    const reason =
      e.code === 401
        ? 'the product code is unknown or the PIN is wrong (401)'
        : e.code === 429
          ? 'too many failed attempts; wait a minute (429)'
          : (e.message ?? String(error));
    console.error(`charger-sim: ${productCodes[i]} cannot connect: ${reason}`);
    if (count === 1) process.exit(1);
  }
  if (count > 1) await new Promise((resolve) => setTimeout(resolve, Number(values.ramp)));
}
if (count > 1) console.log(`${time()} ${count - failed} of ${count} chargers connected`);
if (failed === count) process.exit(1);

const shutdown = () => {
  Promise.all(chargers.map((c) => c.stop())).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

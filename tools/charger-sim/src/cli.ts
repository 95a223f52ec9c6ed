#!/usr/bin/env node
// npm run sim -- --url ws://localhost:8080/ocpp --id E07ABCD --pin 1234 [--connectors 1] [--card TAG]
// Boots one simulated charger and keeps it running, printing every message, until Ctrl-C.
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
  --firmware VERSION    the firmware version it boots with (1.0.0)`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    id: { type: 'string' },
    pin: { type: 'string' },
    connectors: { type: 'string', default: '1' },
    power: { type: 'string', default: '11000' },
    'meter-interval': { type: 'string', default: '10' },
    card: { type: 'string' },
    firmware: { type: 'string', default: '1.0.0' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help || !values.url || !values.id || !values.pin) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

const time = () => new Date().toISOString().slice(11, 23);
const charger = createSimulatedCharger({
  url: values.url,
  productCode: values.id,
  pin: values.pin,
  connectors: Number(values.connectors),
  carPowerW: Number(values.power),
  meterIntervalMs: Number(values['meter-interval']) * 1000,
  firmwareVersion: values.firmware,
  log: (line) => console.log(`${time()} [${values.id}] ${line}`),
});

try {
  const boot = await charger.boot();
  if (boot.status !== 'Accepted') console.log(`BootNotification was answered ${boot.status}`);
  if (values.card) {
    await charger.plugIn(1);
    await charger.presentCard(values.card, 1);
  }
} catch (error) {
  const e = error as { code?: number; message?: string };
  const reason =
    e.code === 401
      ? 'the product code is unknown or the PIN is wrong (401)'
      : e.code === 429
        ? 'too many failed attempts; wait a minute (429)'
        : (e.message ?? String(error));
  console.error(`charger-sim: cannot connect: ${reason}`);
  process.exit(1);
}

const shutdown = () => {
  charger.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

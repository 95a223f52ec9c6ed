import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeLimits } from '@plugboard/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { noticesService } from './notices.service.ts';

const detail = '/cms-system/system/notice/v2/detail';
const save = '/cms-system/system/notice/v2/save';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function anOperator() {
  const op = await anOperatorWithSite(t.db);
  return { ...op, as: callerFor(t.app, op) };
}

/** Saves a display notice and answers what was stored. */
async function stored(html: string): Promise<string> {
  const op = await anOperator();
  const answer = await op.as(save, { display: html });
  expect(answer.status).toBe(200);
  const { data } = await op.as(detail, {});
  return (data as { display: string }).display;
}

describe('notices', () => {
  it('are empty before the first save', async () => {
    const op = await anOperator();
    expect((await op.as(detail, {})).data).toEqual({ display: '', invoiceFooter: '', updatedAt: null });
  });

  it('keep what the editor makes: bold, italic, headings, lists and links', async () => {
    const html =
      '<h2>Welcome</h2><p><strong>Free</strong> parking, <em>2 hours</em>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://example.com/help">help</a></p>';
    expect(await stored(html)).toBe(
      '<h2>Welcome</h2><p><strong>Free</strong> parking, <em>2 hours</em>.</p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol>' +
        '<p><a href="https://example.com/help" target="_blank" rel="noopener noreferrer nofollow">help</a></p>',
    );
  });

  it('never keep a script, an event handler or a javascript: link', async () => {
    const html = await stored(
      '<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src=x onerror=alert(3)>' +
        '<a href="javascript:alert(4)">x</a><a href="JaVaScRiPt&colon;alert(5)">y</a>' +
        '<a href=" javascript:alert(6)">z</a><svg onload=alert(7)></svg><iframe src="https://evil.test"></iframe>' +
        '<a href="data:text/html,<script>alert(8)</script>">d</a><p style="background:url(javascript:alert(9))">s</p>',
    );
    expect(html).not.toMatch(/script|alert|onerror|onclick|onload|javascript|<img|<svg|<iframe|data:|style/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('refuse more than 5,000 characters of text (4129), markup not counted', async () => {
    const op = await anOperator();
    const max = 'x'.repeat(noticeLimits.textMax);
    expect((await op.as(save, { display: `<h1><strong>${max}</strong></h1>` })).status).toBe(200);
    expect((await op.as(save, { display: `<p>${max}y</p>` })).status).toBe(4129);
    expect((await op.as(save, { invoiceFooter: `<p>${max}&amp;</p>` })).status).toBe(4129);
    expect((await op.as(detail, {})).data).toMatchObject({ display: `<h1><strong>${max}</strong></h1>` });
  });

  it('save the texts given and leave the other, and read an empty editor as no text', async () => {
    const op = await anOperator();
    await op.as(save, { display: '<p>Notice</p>', invoiceFooter: '<p>Footer</p>' });
    const answer = await op.as(save, { display: '<p></p>' });
    expect(answer.data).toMatchObject({ display: '', invoiceFooter: '<p>Footer</p>' });
    // Invoices read the footer through the service.
    const texts = await noticesService({ db: t.db, now: () => new Date() }).getSiteTexts(op.stationId);
    expect(texts.invoiceFooter).toBe('<p>Footer</p>');
  });
});

import { launchChromium, serveDist } from './harness';
import { openApp } from './driver';
import { importScenario, screen, startGame, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';
const [w, h, tag, steps] = [Number(process.argv[2] ?? 1400), Number(process.argv[3] ?? 900), process.argv[4] ?? 'desk', Number(process.argv[5] ?? 30)];
const server = await serveDist();
const browser = await launchChromium();
try {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  ctx.setDefaultTimeout(8000);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await openApp(page, server.url);
  await importScenario(page, smallScenario());
  await startGame(page, { computer: 'russian' });
  let n = 0;
  for (let i = 0; i < steps; i++) {
    const s = await screen(page);
    if (s === 'result') break;
    if (s === 'thinking') { await page.waitForSelector('[data-thinking="false"]', { timeout: 30000 }); await page.screenshot({ path: `/tmp/p27b-${tag}-after-computer-${n++}.png` }); continue; }
    const phase = await page.getByTestId('play').getAttribute('data-phase');
    if (i % 5 === 0 || phase === 'melee') await page.screenshot({ path: `/tmp/p27b-${tag}-${i}-${phase}.png` });
    await suggestAndConfirm(page);
  }
  await page.screenshot({ path: `/tmp/p27b-${tag}-end.png` });
} finally { await browser.close(); await server.close(); }
